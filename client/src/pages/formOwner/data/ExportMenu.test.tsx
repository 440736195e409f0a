// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fakeApi.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { ExportMenu } from './ExportMenu.tsx';

const FORM = { id: 3, name: 'Registre été' };

function stats(totalImages: number): VerificationStats {
  return {
    totalImages,
    completedImages: 0,
    remainingImages: totalImages,
    completionPercentage: 0,
    totalFieldVerificationsNeeded: totalImages * 2,
    completedFieldVerifications: 0,
    remainingFieldVerifications: totalImages * 2,
  };
}

interface ExportAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * The JSON routes of the fake API, plus the export, which answers a CSV with the headers the
 * server sends (fakeApi's responses are JSON only).
 */
function stubExportServer(totalImages: number, answer?: ExportAnswer) {
  const api = stubApi({
    'GET /api/forms/3/verification-stats': () => ({ status: 200, body: stats(totalImages) }),
  });
  const jsonFetch = globalThis.fetch;
  const exports: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/forms/3/export' && init?.method === 'POST' && answer) {
      exports.push(JSON.parse(String(init.body)));
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
    return jsonFetch(input, init);
  });
  return { api, exports };
}

/** The browser side of a download: the object URL and the link the page clicks. */
function captureDownloads() {
  const downloads: { filename: string; bytes: Promise<ArrayBuffer> }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href) ?? new Blob([]);
    downloads.push({ filename: this.download, bytes: blob.arrayBuffer() });
  });
  return downloads;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Export menu', () => {
  it('is disabled while the form has no images', async () => {
    stubExportServer(0);
    renderWithQueries(<ExportMenu form={FORM} />);
    expect(await screen.findByText('Upload images to export data', {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
  });

  it('downloads the CSV under the name from Content-Disposition and says Export completed', async () => {
    const csv = '\uFEFFImage ID,Image\r\n1,page-1.jpg\r\n2,page-2.jpg\r\n';
    const { exports } = stubExportServer(2, {
      status: 200,
      body: csv,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="Registre __not_yet_exported_data.csv"; filename*=UTF-8''Registre%20%C3%A9t%C3%A9_not_yet_exported_data.csv`,
        'X-Export-Rows': '2',
      },
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderWithQueries(<ExportMenu form={FORM} />);

    const trigger = screen.getByRole('button', { name: /Export/ });
    await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false), FIRST_ANSWER);
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Export All Data' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Export Not Yet Exported' }));

    expect(await screen.findByText('Export completed', {}, FIRST_ANSWER)).toBeTruthy();
    expect(exports).toEqual([{ exportType: 'not-exported', format: 'csv' }]);
    expect(downloads.map((download) => download.filename)).toEqual(['Registre été_not_yet_exported_data.csv']);
    // Byte for byte, the UTF-8 byte order mark (for spreadsheet programs) included.
    const saved = new Uint8Array((await downloads[0]?.bytes) ?? new ArrayBuffer(0));
    expect(Array.from(saved)).toEqual(Array.from(new TextEncoder().encode(csv)));
    expect(screen.getByText('2 rows saved to Registre été_not_yet_exported_data.csv')).toBeTruthy();
  });

  it('exports in the format chosen beside the menu, CSV until another is picked', async () => {
    const { exports } = stubExportServer(1200, {
      status: 200,
      body: 'PK\u0003\u0004 zipped bytes',
      headers: { 'Content-Type': 'application/zip', 'X-Export-Rows': '1200' },
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderWithQueries(<ExportMenu form={FORM} />);

    const format = screen.getByRole('combobox', { name: 'Format' });
    expect((format as HTMLSelectElement).value).toBe('csv');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'CSV',
      'Excel (.xlsx)',
      'JSON',
      'Data Package (.zip)',
    ]);
    await user.selectOptions(format, 'Data Package (.zip)');
    const trigger = screen.getByRole('button', { name: /Export/ });
    await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false), FIRST_ANSWER);
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Export All Data' }));

    expect(await screen.findByText('Export completed', {}, FIRST_ANSWER)).toBeTruthy();
    expect(exports).toEqual([{ exportType: 'all', format: 'datapackage' }]);
    // Without a Content-Disposition the name is made as the server makes it, with the format's extension.
    expect(downloads.map((download) => download.filename)).toEqual(['Registre été_verified_data.zip']);
  });

  it("shows the server's message when it answers 400", async () => {
    stubExportServer(2, {
      status: 400,
      body: JSON.stringify({ message: 'There is no data to export' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderWithQueries(<ExportMenu form={FORM} />);

    const trigger = screen.getByRole('button', { name: /Export/ });
    await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false), FIRST_ANSWER);
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Export All Data' }));

    expect(await screen.findByText('Export failed', {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByText('There is no data to export')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it("says 'Failed to export form data' when the server fails", async () => {
    stubExportServer(2, { status: 500, body: JSON.stringify({ message: 'Internal error' }) });
    captureDownloads();
    const user = userEvent.setup();
    renderWithQueries(<ExportMenu form={FORM} />);

    const trigger = screen.getByRole('button', { name: /Export/ });
    await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false), FIRST_ANSWER);
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Export All Data' }));

    expect(await screen.findByText('Export failed', {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByText('Failed to export form data')).toBeTruthy();
  });
});
