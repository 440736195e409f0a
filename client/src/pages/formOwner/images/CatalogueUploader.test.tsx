// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import type { CatalogueResponse } from '@formscribe/common/schemas/catalogue';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { screen, within } from '@testing-library/react';
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

function routes(catalogue: FakeRoutes[string]): FakeRoutes {
  let images = [BEFORE];
  return {
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
    const sent = requests.find((request) => request.path === '/api/forms/1/catalogue')?.body;
    expect(sent instanceof FormData && sent.get('file') instanceof File).toBe(true);

    const data = await screen.findByLabelText('Catalogue data of page-212.jpg');
    expect(within(data).getByText('box').nextSibling?.textContent).toBe('12');
    expect(within(data).getByText('folder').nextSibling?.textContent).toBe('3');
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
