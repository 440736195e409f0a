// @vitest-environment jsdom
/**
 * The Images tab's search box: typing a catalogue value shows the images the server finds for
 * it (with how many), clearing it brings the usual list back.
 */
import '../../../test/domTestSetup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse, buildImage } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const PAGE_LOAD = { timeout: 10_000 };
const FORM = buildFormResponse();
const IMAGES = [1, 2, 3, 4, 5].map((number) =>
  buildImage({ id: number, number, originalName: `scan-${number}.jpg`, metadata: { box: String(10 + number) } }),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searching the Images tab', () => {
  it('shows what the server finds for a catalogue value, and the usual list once cleared', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms': () => ({ status: 200, body: [buildFormListItem(FORM)] }),
      'GET /api/forms/1': () => ({ status: 200, body: FORM }),
      'GET /api/forms/1/catalogue': () => ({ status: 200, body: { columns: ['box'], contributorColumns: [] } }),
      'GET /api/forms/1/imports': () => ({ status: 200, body: { imports: [] } }),
      'GET /api/forms/1/images': (request) => {
        const search = new URLSearchParams(request.search).get('search');
        const found = search ? IMAGES.filter((image) => `box ${image.metadata.box}` === search) : IMAGES;
        return { status: 200, body: { images: found, total: found.length, totalPages: 1 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');
    await screen.findByRole('article', { name: 'Image #1: scan-1.jpg' }, PAGE_LOAD);

    await user.type(screen.getByLabelText('Search images'), 'box 12');
    expect(await screen.findByText('1 image matches “box 12”.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Image #2: scan-2.jpg' })).toBeTruthy();
    expect(requests.some((request) => request.search.includes('search=box%2012'))).toBe(true);

    await user.type(screen.getByLabelText('Search images'), '3');
    expect(await screen.findByText('No images match “box 123”.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Search images'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  });
});
