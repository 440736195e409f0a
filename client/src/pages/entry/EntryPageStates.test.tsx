// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { ALL_IMAGES_IN_PROGRESS } from '@formscribe/common/schemas/submission';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTooltipParts } from '../../components/ui/tooltipLoader.ts';
import {
  entryForm,
  entryImage,
  entryResponse,
  FORM_ID,
  nextImageResponse,
  stubEntryApi,
  textField,
} from '../../test/entryTestApi.ts';
import { buildUser } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The neighbours are asked once the page has settled (api/usePageSettled.ts): a little later than its reads. */
const SETTLED = { timeout: 5000 };

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

// The page is a lazily loaded chunk; load it once up front so no test waits for the compiler.
// The tooltips' Radix part too: it swaps every tooltip's button for a new one when it arrives, and
// a swap landing between the pointer entering the viewer's Zoom in and pressing it can lose the click.
beforeAll(async () => {
  await Promise.all([import('./EntryPage.tsx'), import('../../components/ui/tooltipParts.tsx')]);
  loadTooltipParts();
  // The part's module is loaded: its swap runs once the import's promise settles.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const _verified = (value: string) => ({ isVerified: true, verifiedValue: value });

describe('entry page: choosing the image', () => {
  it('asks for the next image without an imageId and writes it into the address', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    const images = [entryImage(11), entryImage(12)];
    stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(form, images[1] ?? entryImage(12)),
      }),
    });
    const { router } = renderApp(`/forms/${FORM_ID}/entry`);
    expect(await screen.findByRole('img', { name: 'Form image page-12.jpg' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=12'));
    // Where it stands comes with the neighbours, asked once the page has settled.
    expect(await screen.findByText('Image 2 of 2: page-12.jpg', {}, SETTLED)).toBeTruthy();
  });

  it('moves between images with Previous Image, Next Image and Alt+arrows', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    stubEntryApi(form, [entryImage(11), entryImage(12), entryImage(13)]);
    const user = userEvent.setup();
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=12`);
    // The buttons wait disabled until the neighbours arrive, once the page has settled.
    const next = await screen.findByRole<HTMLButtonElement>('button', { name: 'Next Image' });
    await waitFor(() => expect(next.disabled).toBe(false), SETTLED);

    await user.click(next);
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=13'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next Image' }).disabled).toBe(true);

    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=12'));
    await user.click(screen.getByRole('button', { name: 'Previous Image' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=11'));
  });

  it('moves past the images the entry read lists, as the server’s neighbours say (a form of 1,002 images)', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    const listed = [entryImage(11), entryImage(12)];
    const beyond = entryImage(5000, { number: 1001, originalName: 'page-1001.jpg' });
    const last = entryImage(5001, { number: 1002, originalName: 'page-1002.jpg' });
    const neighbours = (image: typeof beyond, previousImageId: number, nextImageId: number | null) => () => ({
      status: 200,
      body: { imageId: image.id, number: image.number, totalImages: 1002, previousImageId, nextImageId },
    });
    stubEntryApi(form, [...listed, beyond, last], {
      [`GET /api/forms/${FORM_ID}/entry`]: () => ({
        status: 200,
        body: entryResponse(form, listed, { totalImages: 1002 }),
      }),
      'GET /api/images/5000/neighbours': neighbours(beyond, 4999, 5001),
      'GET /api/images/5001/neighbours': neighbours(last, 5000, null),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=5000`);

    expect(await screen.findByText('Image 1001 of 1002: page-1001.jpg', {}, SETTLED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next Image' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=5001'));
    expect(await screen.findByText('Image 1002 of 1002: page-1002.jpg')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next Image' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous Image' }));
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=5000'));
  });

  it('thanks the contributor when nothing is left, and can look again', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    let next: unknown = null;
    stubEntryApi(form, [entryImage(11)], {
      [`GET /api/forms/${FORM_ID}/next-image`]: () =>
        next
          ? { status: 200, body: next }
          : { status: 404, body: { message: 'No more images need your help right now.' } },
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry`);

    expect(await screen.findByRole('heading', { name: 'Thank You for Your Contribution!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
    next = nextImageResponse(form, entryImage(11));
    await user.click(screen.getByRole('button', { name: 'Check for New Images' }));
    expect(await screen.findByRole('img', { name: 'Form image page-11.jpg' })).toBeTruthy();
  });

  it('says when every open image is being worked on, asks again by itself, and Check Again shows a freed image', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const form = entryForm([textField('f1', 'Surname')]);
    let next: unknown = null;
    const { requests } = stubEntryApi(form, [entryImage(11)], {
      [`GET /api/forms/${FORM_ID}/next-image`]: () =>
        next ? { status: 200, body: next } : { status: 404, body: { message: ALL_IMAGES_IN_PROGRESS } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(`/forms/${FORM_ID}/entry`);

    expect(await screen.findByText(ALL_IMAGES_IN_PROGRESS)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Thank You for Your Contribution!' })).toBeNull();
    const asked = () => requests.filter((r) => r.path === `/api/forms/${FORM_ID}/next-image`).length;
    const askedBefore = asked();
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    await waitFor(() => expect(asked()).toBe(askedBefore + 1));
    expect(await screen.findByText(ALL_IMAGES_IN_PROGRESS)).toBeTruthy();

    next = nextImageResponse(form, entryImage(11));
    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('img', { name: 'Form image page-11.jpg' })).toBeTruthy();
  });
});

describe('entry page: viewer', () => {
  it('zooms by button and shortcut within 50–300 % and remembers the zoom', async () => {
    stubEntryApi(entryForm([textField('f1', 'Surname')]), [entryImage(11)]);
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    await screen.findByRole('img', { name: 'Form image page-11.jpg' });

    const level = () => screen.getByRole('status', { name: 'Zoom level' }).textContent;
    expect(level()).toBe('150%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('175%');
    await user.keyboard('{Alt>}[Equal]{/Alt}');
    expect(level()).toBe('200%');
    await user.keyboard('{Alt>}[Digit0]{/Alt}');
    expect(level()).toBe('150%');
    for (let i = 0; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level()).toBe('50%');
    expect(window.localStorage.getItem('entryImageZoom')).toBe('50');
  });

  it('rotates in quarter turns and says so when the rotation cannot be saved', async () => {
    const { requests } = stubEntryApi(entryForm([textField('f1', 'Surname')]), [entryImage(11)], {
      'POST /api/images/11/rotate': () => ({ status: 500, body: { message: 'boom' } }),
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    await screen.findByRole('img', { name: 'Form image page-11.jpg' });
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(requests.find((r) => r.path === '/api/images/11/rotate')?.body).toEqual({ rotation: 270 });
    expect(await screen.findByText('Failed to save image rotation')).toBeTruthy();
  });
});

describe('entry page: states', () => {
  const form = entryForm([textField('f1', 'Surname')]);

  it.each([
    ['formInactive', 'Form Not Available'],
    ['dataEntryPaused', 'Data Entry Paused'],
    ['blocked', 'Access Denied'],
  ] as const)('shows %s as %s', async (reason, heading) => {
    stubEntryApi(form, [], {
      [`GET /api/forms/${FORM_ID}/entry`]: () => ({
        status: 200,
        body: entryResponse(form, [], { entryClosedReason: reason, isBlocked: reason === 'blocked' }),
      }),
    });
    renderApp(`/forms/${FORM_ID}/entry`);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).toBeNull();
  });

  it('shows Form Not Found for a form the user cannot see and Error Loading Form when the read fails', async () => {
    let status = 404;
    stubEntryApi(form, [], {
      [`GET /api/forms/${FORM_ID}/entry`]: () => ({ status, body: { message: 'Form not found' } }),
    });
    const first = renderApp(`/forms/${FORM_ID}/entry`);
    expect(await screen.findByRole('heading', { name: 'Form Not Found' })).toBeTruthy();
    first.unmount();

    status = 500;
    renderApp(`/forms/${FORM_ID}/entry`);
    expect(await screen.findByRole('heading', { name: 'Error Loading Form' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('offers the way back that suits the user', async () => {
    stubEntryApi(entryForm([], { canManage: true }), [entryImage(11)]);
    const first = renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    const back = await screen.findByRole('link', { name: 'Back to Form Editor' });
    expect(back.getAttribute('href')).toBe(`/forms/${FORM_ID}`);
    first.unmount();

    stubEntryApi(entryForm([]), [entryImage(11)]);
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    expect((await screen.findByRole('link', { name: 'Back to Dashboard' })).getAttribute('href')).toBe('/');
  });

  it('explains the page and its shortcuts under Help', async () => {
    stubEntryApi(form, [entryImage(11)]);
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data Entry Help' });
    expect(within(dialog).getByText('Alt + →')).toBeTruthy();
  });
});

describe('entry page: tutorial', () => {
  it('shows the four steps once and records finishing with one call', async () => {
    const { requests } = stubEntryApi(
      entryForm([textField('f1', 'Surname')]),
      [entryImage(11)],
      {
        'POST /api/tutorial/data-entry/complete': () => ({
          status: 200,
          body: buildUser({ hasCompletedDataEntryTutorial: true }),
        }),
      },
      { tutorialDone: false },
    );
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const dialog = await screen.findByRole('dialog', { name: 'Data Entry Tutorial' });
    const titles = [
      'Welcome to Data Entry',
      'Quality Through Multiple Entries',
      'Voting and Completion',
      'Ready to Start!',
    ];
    for (const [index, title] of titles.entries()) {
      expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
      if (index < titles.length - 1) await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    expect(within(dialog).queryByRole('button', { name: 'Skip Tutorial' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByRole('heading', { name: 'Voting and Completion' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Get Started!' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path === '/api/tutorial/data-entry/complete')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(input('Surname')));
  });

  it('records skipping too, and says so when that fails', async () => {
    const { requests } = stubEntryApi(
      entryForm([textField('f1', 'Surname')]),
      [entryImage(11)],
      {
        'POST /api/tutorial/data-entry/complete': () => ({ status: 500, body: { message: 'boom' } }),
      },
      { tutorialDone: false },
    );
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    await user.click(await screen.findByRole('button', { name: 'Skip Tutorial' }));
    expect(await screen.findByText('Failed to mark tutorial as complete')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.path === '/api/tutorial/data-entry/complete')).toHaveLength(1);
  });
});
