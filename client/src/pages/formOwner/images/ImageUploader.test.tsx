// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { ServerToClientEvents } from '@formscribe/common/realtime';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindEventsToCache } from '../../../realtime/liveCacheBridge.ts';
import type { LiveSocket } from '../../../realtime/liveSocket.ts';
import { buildUser, type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';

// Vite builds the app with tus-js-client's browser build (its package.json `browser` field); the
// test runner would resolve the Node one. The same code as shipped (see api/resumableUpload.test.ts).
vi.mock('tus-js-client', () => import(/* @vite-ignore */ ['tus-js-client', 'lib.esm/browser/index.js'].join('/')));

/** The owner page is a lazily loaded chunk; its first import in a run takes a while to transform. */
const PAGE_LOAD = { timeout: 10_000 };
/**
 * Five files sent through the tus stand-in and their imports read back: over testing-library's
 * one second when the file shares a 2-core machine with another test file (npm test runs two).
 */
const UPLOADS_DONE = { timeout: 10_000 };
const FORM = buildFormResponse();

function anImport(overrides: Partial<ImportResponse>): ImportResponse {
  return {
    importId: 1,
    formId: 1,
    name: 'ledger.pdf',
    status: 'running',
    found: 0,
    imported: 0,
    duplicates: 0,
    refused: [],
    reason: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function ownerPage(extra: FakeRoutes): FakeRoutes {
  return {
    'GET /api/user': () => ({ status: 200, body: buildUser() }),
    'GET /api/forms': () => ({ status: 200, body: [buildFormListItem(FORM)] }),
    'GET /api/forms/1': () => ({ status: 200, body: FORM }),
    'GET /api/forms/1/images': () => ({ status: 200, body: { images: [], total: 0, totalPages: 1 } }),
    ...extra,
  };
}

/**
 * File uploads go over tus by XMLHttpRequest (tus-js-client's browser build): this stands in for
 * the server's tus endpoint. `answers` gives, per file name, the Import-Id its finished upload
 * starts, or the refusal its creation meets (as the server refuses a file over the plan's limit).
 */
type TusAnswer = { importId: number } | { status: number; message: string };

function stubTusServer(answers: Record<string, TusAnswer>): string[] {
  const created: string[] = [];
  const uploads = new Map<string, { name: string; length: number; offset: number }>();
  class TusServerStandIn {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: ((error: unknown) => void) | null = null;
    private method = '';
    private url = '';
    private requestHeaders = new Map<string, string>();
    private responseHeaders = new Map<string, string>();
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.requestHeaders.set(name.toLowerCase(), value);
    }
    getResponseHeader(name: string) {
      return this.responseHeaders.get(name.toLowerCase()) ?? null;
    }
    abort() {}
    send(body: Blob | null) {
      void this.answer(body).then(() => this.onload?.());
    }
    private reply(status: number, headers: Record<string, string> = {}, text = '') {
      this.status = status;
      this.responseText = text;
      for (const [name, value] of Object.entries(headers)) this.responseHeaders.set(name.toLowerCase(), value);
    }
    private async answer(body: Blob | null) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const path = new URL(this.url).pathname;
      if (this.method === 'POST' && path === '/api/forms/1/uploads') {
        const encoded = /filename ([^,]+)/.exec(this.requestHeaders.get('upload-metadata') ?? '')?.[1] ?? '';
        const name = atob(encoded);
        created.push(name);
        const answer = answers[name];
        if (!answer || 'status' in answer) {
          const refusal = answer ?? { status: 400, message: 'Unexpected file' };
          return this.reply(refusal.status, {}, JSON.stringify({ message: refusal.message }));
        }
        const id = `u${uploads.size + 1}`;
        uploads.set(id, { name, length: Number(this.requestHeaders.get('upload-length')), offset: 0 });
        return this.reply(201, { Location: `${path}/${id}` });
      }
      const upload = uploads.get(path.split('/').pop() ?? '');
      if (this.method !== 'PATCH' || !upload || !body) return this.reply(404, {}, 'Not found');
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size });
      upload.offset += body.size;
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
      const answer = answers[upload.name];
      const finished = upload.offset === upload.length && answer && 'importId' in answer;
      return this.reply(204, {
        'Upload-Offset': String(upload.offset),
        ...(finished ? { 'Import-Id': String(answer.importId) } : {}),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', TusServerStandIn);
  return created;
}

/** Enough of a socket to deliver server events to the handlers the app's cache bridge registers. */
function liveEvents(queryClient: Parameters<typeof bindEventsToCache>[1]) {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    onAny: () => {},
  } as unknown as LiveSocket;
  bindEventsToCache(socket, queryClient);
  return <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)?.(payload);
}

const file = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Images tab import area', () => {
  it('sends every file even when one fails, then sums up what went in, the duplicates, what was refused and why', async () => {
    const uploaded = stubTusServer({
      'photo.jpg': { importId: 10 },
      'big.tif': { status: 413, message: 'File too large: the limit is 10 MB' },
      'ledger.pdf': { importId: 11 },
      'boxes.zip': { importId: 12 },
    });
    const routes = ownerPage({
      'GET /api/forms/1/imports': () => ({ status: 200, body: { imports: [] } }),
      'POST /api/forms/1/catalogue': () => ({
        status: 200,
        body: {
          matched: 0,
          unmatched: [1, 2, 3].map((line) => ({ line, fileName: 'ledger.pdf', page: line })),
          columns: ['box'],
          contributorColumns: [],
        },
      }),
      'GET /api/forms/1/imports/10': () => ({
        status: 200,
        body: anImport({ importId: 10, name: 'photo.jpg', status: 'done', found: 1, imported: 1 }),
      }),
      'GET /api/forms/1/imports/11': () => ({
        status: 200,
        body: anImport({ importId: 11, name: 'ledger.pdf', status: 'done', found: 3, imported: 2, duplicates: 1 }),
      }),
      'GET /api/forms/1/imports/12': () => ({
        status: 200,
        body: anImport({
          importId: 12,
          name: 'boxes.zip',
          status: 'done',
          found: 7,
          imported: 4,
          duplicates: 2,
          refused: [{ name: 'boxes.zip: box1/notes.txt', reason: 'Not an image' }],
        }),
      }),
    });
    stubApi(routes);
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    await user.upload(await screen.findByLabelText('Upload Images', {}, PAGE_LOAD), [
      file('photo.jpg'),
      file('big.tif'),
      file('ledger.pdf'),
      file('boxes.zip'),
      new File(['fileName,page,box\n'], 'catalogue.csv', { type: 'text/csv' }),
    ]);

    const summary = await screen.findByRole('region', { name: 'Import finished' }, UPLOADS_DONE);
    expect(uploaded).toEqual(['big.tif', 'boxes.zip', 'ledger.pdf', 'photo.jpg']);
    expect(within(summary).getByText('7 images added')).toBeTruthy();
    expect(within(summary).getByText('3 duplicates skipped: the form already has the same file')).toBeTruthy();
    expect(
      within(summary).getByText('Catalogue catalogue.csv saved (3 rows): its data goes to the matching images'),
    ).toBeTruthy();
    const refused = within(summary).getByRole('list', { name: 'Refused (1)' });
    expect(within(refused).getByText('boxes.zip: box1/notes.txt: Not an image')).toBeTruthy();
    const failed = within(summary).getByRole('list', { name: 'Failed (1)' });
    expect(within(failed).getByText('big.tif: File too large: the limit is 10 MB')).toBeTruthy();
    expect(await screen.findByText('Images uploaded successfully')).toBeTruthy();
    expect(screen.getByText('7 images uploaded. 2 files or pages were left out: see the list.')).toBeTruthy();
  });

  it('shows an import left running with its live figures, and cancels it; the last finished one is summed up', async () => {
    let ledger = anImport({ importId: 21, name: 'ledger-1871.pdf', found: 40, imported: 10, duplicates: 2 });
    const oldZip = anImport({ importId: 20, name: 'old.zip', status: 'done', found: 5, imported: 5 });
    const { requests } = stubApi(
      ownerPage({
        'GET /api/forms/1/imports': () => ({ status: 200, body: { imports: [ledger, oldZip] } }),
        'GET /api/forms/1/imports/21': () => ({ status: 200, body: ledger }),
        'DELETE /api/forms/1/imports/21': () => {
          ledger = { ...ledger, status: 'cancelled', finishedAt: '2026-11-28T10:05:00.000Z' };
          return { status: 204 };
        },
      }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderApp('/forms/1?tab=images');
    const emit = liveEvents(queryClient);

    const running = await screen.findByRole('list', { name: 'Running imports' }, PAGE_LOAD);
    expect(await within(running).findByText('12 of 40 pages done')).toBeTruthy();
    const last = screen.getByRole('region', { name: 'Last import: old.zip' });
    expect(within(last).getByText('5 images added')).toBeTruthy();

    ledger = { ...ledger, imported: 30, refused: [{ name: 'ledger-1871.pdf, page 7', reason: 'Unreadable page' }] };
    emit('form:import', ledger);
    expect(await within(running).findByText('33 of 40 pages done')).toBeTruthy();

    await user.click(within(running).getByRole('button', { name: 'Cancel import of ledger-1871.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Running imports' })).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/api/forms/1/imports/21')).toBe(
      true,
    );
    const summary = await screen.findByRole('region', { name: 'Last import: ledger-1871.pdf' });
    expect(within(summary).getByText('30 images added')).toBeTruthy();
    expect(within(summary).getByText(/Cancelled .*ledger-1871\.pdf/)).toBeTruthy();
    expect(within(summary).getByText('ledger-1871.pdf, page 7: Unreadable page')).toBeTruthy();
  });

  it('without the live connection, reads a running import’s figures again until it ends', async () => {
    let reads = 0;
    const figures = [
      anImport({ importId: 41, name: 'atlas.tif', found: 8, imported: 2 }),
      anImport({ importId: 41, name: 'atlas.tif', found: 8, imported: 6 }),
      anImport({
        importId: 41,
        name: 'atlas.tif',
        status: 'done',
        found: 8,
        imported: 8,
        finishedAt: '2026-11-28T10:09:00.000Z',
      }),
    ];
    stubApi(
      ownerPage({
        'GET /api/forms/1/imports': () => ({ status: 200, body: { imports: [figures[Math.min(reads++, 2)]] } }),
      }),
    );
    renderApp('/forms/1?tab=images');

    const running = await screen.findByRole('list', { name: 'Running imports' }, PAGE_LOAD);
    expect(await within(running).findByText('2 of 8 pages done')).toBeTruthy();
    expect(await within(running).findByText('6 of 8 pages done', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Last import: atlas.tif' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Running imports' })).toBeNull();
  }, 20_000);

  it('shows why a IIIF URL was refused by the field, and follows the import it starts', async () => {
    const { requests } = stubApi(
      ownerPage({
        'GET /api/forms/1/imports': () => ({ status: 200, body: { imports: [] } }),
        'POST /api/forms/1/imports': (request) =>
          (request.body as { iiifUrl: string }).iiifUrl.includes('not-iiif')
            ? { status: 400, body: { message: 'That address is not a IIIF manifest or collection' } }
            : { status: 202, body: { importId: 31 } },
        'GET /api/forms/1/imports/31': () => ({
          status: 200,
          body: anImport({ importId: 31, name: 'https://example.org/iiif/manifest.json', found: 12, imported: 3 }),
        }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    const field = await screen.findByLabelText('IIIF manifest URL', {}, PAGE_LOAD);
    await user.type(field, 'ftp://example.org/x');
    await user.click(screen.getByRole('button', { name: 'Import from IIIF' }));
    expect(await screen.findByText('Enter the IIIF manifest or collection URL, starting with https://')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, 'https://example.org/not-iiif');
    await user.click(screen.getByRole('button', { name: 'Import from IIIF' }));
    expect(await screen.findByText('That address is not a IIIF manifest or collection')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'https://example.org/iiif/manifest.json');
    await user.click(screen.getByRole('button', { name: 'Import from IIIF' }));
    const running = await screen.findByRole('list', { name: 'Running imports' });
    expect(await within(running).findByText('3 of 12 pages done')).toBeTruthy();
    expect(screen.queryByText('That address is not a IIIF manifest or collection')).toBeNull();
  });
});
