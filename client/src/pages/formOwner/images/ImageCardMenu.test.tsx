// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse, buildImage } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';

/** The owner page is a lazily loaded chunk; its first import in a run takes a while to transform. */
const PAGE_LOAD = { timeout: 10_000 };

const FORM: FormResponse = buildFormResponse({ requiredEntriesPerImage: 2 });

const VERIFIED = buildImage({
  id: 1,
  number: 1,
  originalName: 'verified.jpg',
  totalFieldCount: 2,
  verifiedFieldCount: 2,
  isVerified: true,
  isComplete: true,
  progressPercent: 100,
});
const VOTED_UNREADABLE = buildImage({
  id: 2,
  number: 2,
  originalName: 'voted.jpg',
  unreadableVoteCount: 2,
  isComplete: true,
  manuallyCompleted: true,
});
const MARKED = buildImage({ id: 3, number: 3, originalName: 'marked.jpg', manuallyCompleted: true, isComplete: true });
// One vote, under the form's threshold of two: the owner's mark is what holds it.
const OPEN = buildImage({ id: 4, number: 4, originalName: 'open.jpg', noDataVoteCount: 1 });

function imagesTabRoutes(extra: FakeRoutes = {}): FakeRoutes {
  const images = [VERIFIED, VOTED_UNREADABLE, MARKED, OPEN];
  return {
    'GET /api/user': () => ({ status: 200, body: buildUser() }),
    'GET /api/forms': () => ({ status: 200, body: [buildFormListItem(FORM)] }),
    'GET /api/forms/1': () => ({ status: 200, body: FORM }),
    'GET /api/forms/1/images': () => ({ status: 200, body: { images, total: images.length, totalPages: 1 } }),
    ...extra,
  };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, imageName: string) {
  await user.click(await screen.findByRole('button', { name: `Image options for ${imageName}` }, PAGE_LOAD));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('image card: completion and its menu', () => {
  it('says why an image its entries or votes completed stays complete, and offers no unmark for it', async () => {
    stubApi(imagesTabRoutes());
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    const verifiedCard = await screen.findByRole('article', { name: 'Image #1: verified.jpg' }, PAGE_LOAD);
    expect(
      within(verifiedCard).getByText(
        'Completed automatically: every field is verified by matching entries, so it cannot be unmarked.',
      ),
    ).toBeTruthy();
    const votedCard = screen.getByRole('article', { name: 'Image #2: voted.jpg' });
    // Marked by hand too, but the votes hold it: unmarking would change nothing.
    expect(within(votedCard).getByText(/enough contributors voted that it is unreadable/)).toBeTruthy();

    for (const name of ['verified.jpg', 'voted.jpg']) {
      const menu = await openMenu(user, name);
      const item = within(menu).getByRole('menuitem', { name: 'Completed automatically' });
      expect(item.getAttribute('aria-disabled')).toBe('true');
      expect(within(menu).queryByRole('menuitem', { name: /^Mark/ })).toBeNull();
      await user.keyboard('{Escape}');
    }

    expect(within(await openMenu(user, 'marked.jpg')).getByRole('menuitem', { name: 'Mark Uncomplete' })).toBeTruthy();
    await user.keyboard('{Escape}');
    const markedCard = screen.getByRole('article', { name: 'Image #3: marked.jpg' });
    expect(within(markedCard).queryByText(/Completed automatically/)).toBeNull();
    expect(within(await openMenu(user, 'open.jpg')).getByRole('menuitem', { name: 'Mark Complete' })).toBeTruthy();
  });

  it('opens the image’s data entry in a new tab through an admin-access token', async () => {
    const api = stubApi(
      imagesTabRoutes({
        'POST /api/forms/1/admin-access': () => ({ status: 200, body: { token: 'tok-123', imageId: 4 } }),
      }),
    );
    const tab = { closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    const menu = await openMenu(user, 'open.jpg');
    await user.click(within(menu).getByRole('menuitem', { name: 'Open in New Tab' }));

    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/entry/tok-123?imageId=4'));
    expect(tab.opener).toBeNull();
    expect(api.requests.find((r) => r.path === '/api/forms/1/admin-access')?.body).toEqual({ imageId: 4 });
  });
});

describe('image card: history', () => {
  it("opens the image's history from its menu, asking for that image's events only", async () => {
    const api = stubApi(
      imagesTabRoutes({
        'GET /api/forms/1/audit': () => ({
          status: 200,
          body: {
            events: [
              {
                id: 3,
                at: '2026-11-28T10:00:00.000Z',
                actor: { id: 1, name: 'Olive Owner' },
                kind: 'image-completed',
                imageId: 4,
                before: { isComplete: false, manuallyCompleted: false },
                after: { isComplete: true, manuallyCompleted: true },
              },
            ],
            nextCursor: null,
          },
        }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/forms/1?tab=images');

    await user.click(within(await openMenu(user, 'open.jpg')).getByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image History' });
    expect(await within(dialog).findByText('Marked the image complete')).toBeTruthy();
    expect(within(dialog).getByText('not complete → complete')).toBeTruthy();
    const asked = api.requests.find((r) => r.path === '/api/forms/1/audit');
    expect(new URLSearchParams(asked?.search).get('imageId')).toBe('4');
  });
});
