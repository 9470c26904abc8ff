// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameFromDisposition } from '../../app/api/filenameFromDisposition.ts';
import { saveFile } from '../../app/api/saveFile.ts';
import { clearSession } from '../../app/session.ts';
import { captureDownloads, mockApi, PDF_BYTES, signIn } from './support.tsx';
import { specText } from '../support/specText.ts';

const URL_BMO = '/api/pdf/files/gen-1/BMO/';

describe('filenameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromDisposition('inline; filename="applications-ann-lee.pdf"')).toBe('applications-ann-lee.pdf');
    expect(filenameFromDisposition('attachment; filename=bmo.pdf')).toBe('bmo.pdf');
    expect(filenameFromDisposition('attachment; filename="plain.pdf"; filename*=UTF-8\'\'h%C3%A9l%C3%A8ne.pdf')).toBe(
      'hélène.pdf',
    );
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
  });

  it('keeps only the last path segment, and gives null without a name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('saveFile', () => {
  let capture: ReturnType<typeof captureDownloads>;

  beforeEach(() => {
    sessionStorage.clear();
    signIn();
    capture = captureDownloads();
  });
  afterEach(() => {
    capture.restore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('fetches with the session token and saves the bytes under the given name, then revokes the URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let authorization: string | null = null;
    mockApi({
      [`GET ${URL_BMO}`]: ({ headers }) => {
        authorization = headers.get('Authorization');
        return {
          raw: PDF_BYTES,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="server-name.pdf"' },
        };
      },
    });
    expect(await saveFile(URL_BMO, 'BMO-application-ann-lee.pdf')).toBe('BMO-application-ann-lee.pdf');
    expect(authorization).toBe('Token test-token');
    expect(capture.downloads).toHaveLength(1);
    const [saved] = capture.downloads;
    expect(saved.filename).toBe('BMO-application-ann-lee.pdf');
    expect(saved.attached).toBe(true);
    expect(await saved.blob.text()).toBe(new TextDecoder().decode(PDF_BYTES));
    // The link is gone at once; the URL is released only once the browser has had time to start writing the file.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(capture.revoked).toEqual([]);
    vi.runAllTimers();
    expect(capture.revoked).toEqual([saved.href]);
  });

  it('names the file from Content-Disposition, else "application.pdf"', async () => {
    let disposition: Record<string, string> = { 'Content-Disposition': 'inline; filename="applications-ann-lee.pdf"' };
    mockApi({ 'GET /api/pdf/files/gen-1/': () => ({ raw: PDF_BYTES, headers: disposition }) });
    expect(await saveFile('/api/pdf/files/gen-1/')).toBe('applications-ann-lee.pdf');
    disposition = {};
    expect(await saveFile('/api/pdf/files/gen-1/', '  ')).toBe('application.pdf');
    expect(capture.downloads.map((d) => d.filename)).toEqual(['applications-ann-lee.pdf', 'application.pdf']);
  });

  it('fails with the server\'s error, else "Failed to download the file", and saves nothing', async () => {
    let answer: { status: number; body?: unknown } = { status: 404, body: { error: 'File not found' } };
    mockApi({ [`GET ${URL_BMO}`]: () => answer });
    await expect(saveFile(URL_BMO, 'x.pdf')).rejects.toThrow('File not found');
    answer = { status: 500 };
    await expect(saveFile(URL_BMO, 'x.pdf')).rejects.toThrow('Failed to download the file');
    expect(capture.downloads).toEqual([]);
  });

  it('needs a session token', async () => {
    const api = mockApi({});
    clearSession();
    await expect(saveFile(URL_BMO)).rejects.toThrow(specText('plan-details.missingTokenMessage'));
    expect(api.calls()).toEqual([]);
  });
});
