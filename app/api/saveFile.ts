import { downloadFile } from './client.ts';

export const DEFAULT_FILENAME = 'application.pdf';

// Revoking at once can cancel a download the browser has not started writing yet (Firefox, Safari).
const REVOKE_AFTER_MS = 40_000;

/**
 * Saves a file the API serves only with the session's token as a real download (not a blob: tab): the file is
 * fetched here, then handed to the browser through a link with a `download` name.
 * @param path - absolute path such as "/api/pdf/files/{generationId}/BMO/".
 * @param filename - the name to save under; else the server's Content-Disposition name, else "application.pdf".
 * @returns - the name the file was saved under.
 * @throws ApiError - as downloadFile: the server's `error` field, or "Failed to download the file".
 */
export async function saveFile(path: string, filename?: string | null): Promise<string> {
  const file = await downloadFile(path);
  const name = filename?.trim() || file.filename || DEFAULT_FILENAME;
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  // Firefox follows a click only on a link that is in the document.
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
  }
  return name;
}
