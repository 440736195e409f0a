// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import type { CatalogueResponse, FormCatalogue } from '@formscribe/common/schemas/catalogue';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse, buildImage } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';

/** The owner page is a lazily loaded chunk; its first import in a run takes a while to transform. */
const PAGE_LOAD = { timeout: 10_000 };
const FORM = buildFormResponse();
const BEFORE = buildImage({ id: 1, originalName: 'page-212.jpg', source: { fileName: 'ledger-1871.pdf', page: 212 } });
const AFTER: ImageResponse = { ...BEFORE, metadata: { box: '12', folder: '3' } };
const NO_CATALOGUE: FormCatalogue = { columns: [], contributorColumns: [] };

function routes(catalogue: FakeRoutes[string], saved: FormCatalogue = NO_CATALOGUE): FakeRoutes {
  let images = [BEFORE];
  return {
    'GET /api/forms/1/catalogue': () => ({ status: 200, body: saved }),
    'GET /api/user': () => ({ status: 200, body: buildUser() }),
    'GET /api/forms': () => ({ status: 200, body: [buildFormListItem(FORM)] }),
    'GET /api/forms/1': () => ({ status: 200, body: FORM }),
    'GET /api/forms/1/images': () => ({ status: 200, body: { images, total: images.length, totalPages: 1 } }),
    'POST /api/forms/1/catalogue': async (request) => {
      const answer = await catalogue(request);
      if (answer.status === 200) images = [AFTER];
      return answer;
    },
  };
}

const csvFile = () =>
  new File(['fileName,page,box,folder\nledger-1871.pdf,212,12,3\n'], 'catalogue.csv', { type: 'text/csv' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Images tab catalogue control', () => {
  it('sends the file, says what matched, lists the rows without an image, and shows the cards’ new data', async () => {
    const answer: CatalogueResponse = {
      matched: 1,
      unmatched: [{ line: 3, fileName: 'ledger-1871.pdf', page: 213 }],
      columns: ['box', 'folder'],
      contributorColumns: [],
    };
    const { requests } = stubApi(routes(() => ({ status: 200, body: answer })));
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    const card = await screen.findByRole('article', { name: 'Image #1: page-212.jpg' }, PAGE_LOAD);
    expect(within(card).getByText('ledger-1871.pdf, page 212')).toBeTruthy();
    expect(within(card).queryByLabelText('Catalogue data of page-212.jpg')).toBeNull();

    await user.upload(screen.getByLabelText('Upload Catalogue'), csvFile());
    expect(
      await screen.findByText('Catalogue saved: 1 row matched an image, 1 row matches no image yet.'),
    ).toBeTruthy();
    const unmatched = screen.getByRole('list', { name: 'Catalogue rows without an image' });
    expect(within(unmatched).getByText('Line 3: ledger-1871.pdf, page 213')).toBeTruthy();
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/forms/1/catalogue',
    )?.body;
    expect(sent instanceof FormData && sent.get('file') instanceof File).toBe(true);

    const data = await screen.findByLabelText('Catalogue data of page-212.jpg');
    expect(data.textContent).toBe('box: 12 · folder: 3');
    expect(data.getAttribute('title')).toBe('box: 12\nfolder: 3');
    // The new catalogue's columns can be shown to contributors; none is yet.
    const shown = screen.getByRole('group', { name: 'Show to contributors' });
    expect(within(shown).getByRole('checkbox', { name: 'box' }).getAttribute('aria-checked')).toBe('false');
    expect(within(shown).getByRole('checkbox', { name: 'folder' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows no column choice while the form has no catalogue', async () => {
    stubApi(routes(() => ({ status: 500 })));
    renderApp('/forms/1?tab=images');
    await screen.findByRole('article', { name: 'Image #1: page-212.jpg' }, PAGE_LOAD);
    expect(screen.getByLabelText('Upload Catalogue')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Show to contributors' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('saves the columns contributors see as they are ticked', async () => {
    const saved: FormCatalogue = { columns: ['box', 'folder', 'notes'], contributorColumns: ['box'] };
    const { requests } = stubApi({
      ...routes(() => ({ status: 500 }), saved),
      'PUT /api/forms/1/catalogue/contributor-columns': (request) => {
        const { columns } = request.body as { columns: string[] };
        return { status: 200, body: { columns: saved.columns, contributorColumns: columns } };
      },
    });
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');
    const shown = await screen.findByRole('group', { name: 'Show to contributors' }, PAGE_LOAD);
    const box = within(shown).getByRole('checkbox', { name: 'box' });
    const folder = within(shown).getByRole('checkbox', { name: 'folder' });
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(folder.getAttribute('aria-checked')).toBe('false');

    await user.click(folder);
    await waitFor(() => expect(folder.getAttribute('aria-checked')).toBe('true'));
    await user.click(box);
    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('false'));
    const puts = requests.filter((request) => request.method === 'PUT').map((request) => request.body);
    expect(puts).toEqual([{ columns: ['box', 'folder'] }, { columns: ['folder'] }]);
  });

  it('says why a choice was not saved, and keeps the ticks as they were', async () => {
    const saved: FormCatalogue = { columns: ['box'], contributorColumns: [] };
    stubApi({
      ...routes(() => ({ status: 500 }), saved),
      'PUT /api/forms/1/catalogue/contributor-columns': () => ({
        status: 400,
        body: { message: 'The catalogue has no column "box"' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');
    const box = await screen.findByRole('checkbox', { name: 'box' }, PAGE_LOAD);
    await user.click(box);
    expect(await screen.findByText('The catalogue has no column "box"')).toBeTruthy();
    expect(box.getAttribute('aria-checked')).toBe('false');
  });

  it('shows why a catalogue was refused', async () => {
    stubApi(routes(() => ({ status: 400, body: { message: CATALOGUE_MESSAGES.noFileColumn } })));
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');
    await user.upload(await screen.findByLabelText('Upload Catalogue', {}, PAGE_LOAD), csvFile());
    expect(await screen.findByText(CATALOGUE_MESSAGES.noFileColumn)).toBeTruthy();
    expect(screen.queryByText(/Catalogue saved/)).toBeNull();
  });
});
