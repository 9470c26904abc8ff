/**
 * The page's head start, inlined in index.html by scripts/headStartPlugin.ts: it runs while the HTML arrives and
 * starts the API requests the opened page will make (openedPageRequests), in the language it will be drawn in, so
 * they travel beside the app's code instead of after it (a round trip or two on a phone's network). The app's
 * apiRequest takes their answers (app/api/headStarts.ts).
 */
import { startGet } from './api/headStarts.ts';
import { initialLanguage } from './i18n/languageChoice.ts';
import { openedPageRequests } from './openedPageRequests.ts';

const shown = initialLanguage();
for (const path of openedPageRequests(location.pathname, location.search)) startGet(path, shown);
