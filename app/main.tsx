import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App, openedPageReady } from './App.tsx';
import { activateLanguage, i18n, initialLanguage } from './i18n/language.ts';
import './theme.css';

const element = document.getElementById('root')!;
const root = createRoot(element);
const language = initialLanguage();
// English is already active (it ships with the entry); French first loads its own chunk.
const ready = language === 'en' ? Promise.resolve() : activateLanguage(language);
void ready.then(() => {
  // The opened page draws the app's spinner until its code and first data are in, then itself in one pass.
  void openedPageReady();
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
  element.removeAttribute('aria-busy');
});
