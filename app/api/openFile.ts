import { downloadFile } from './client.ts';
import { saveFile } from './saveFile.ts';

/** Object URLs kept alive for the tabs showing them (a PDF viewer reads its URL again to save or print). */
const KEPT = 5;
const opened: string[] = [];

/**
 * Opens a file the API serves only with the session's token in a new tab, as the spec's "Download PDF" does with its
 * file link. The tab is opened by the click itself (a popup blocker lets it through), the file is fetched with the
 * token, and the tab is sent to an object URL of it; the new tab cannot reach back into this one. When the browser
 * refuses a new tab, the file is saved as a download instead.
 * @param path - absolute path such as "/api/pdf/files/{generationId}/".
 * @param filename - the name a download falls back to (see saveFile).
 * @throws ApiError - as downloadFile; the new tab is closed first.
 */
export async function openFile(path: string, filename?: string | null): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) {
    await saveFile(path, filename);
    return;
  }
  tab.opener = null;
  try {
    const file = await downloadFile(path);
    const href = URL.createObjectURL(file.blob);
    tab.location.href = href;
    // Revoked only once newer files have taken their place: a viewer still open may read its URL again.
    opened.push(href);
    while (opened.length > KEPT) URL.revokeObjectURL(opened.shift() as string);
  } catch (error) {
    tab.close();
    throw error;
  }
}
