// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { ALL_IMAGES_IN_PROGRESS, type NextImageResponse } from '@formscribe/common/schemas/submission';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { entryForm, entryImage, FORM_ID, nextImageResponse, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import type { FakeRequest } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./QueueEntryPage.tsx');
});

const form = entryForm([textField('f1', 'Surname', { required: true }), textField('f2', 'Notes')]);
const images = [entryImage(11), entryImage(12), entryImage(13)];

function submissionAnswer(request: FakeRequest) {
  const { imageId } = request.body as { imageId: number };
  const image = images.find((candidate) => candidate.id === imageId) ?? entryImage(imageId);
  return {
    status: 201,
    body: {
      id: 100 + imageId,
      formId: FORM_ID,
      imageId,
      data: {},
      status: 'submitted',
      confidence: null,
      notes: null,
      submittedAt: '2024-03-01T00:00:00.000Z',
      submittedByEmail: 'ada@example.org',
      user: null,
      image: null,
      imageState: { ...image, entryCount: 1 },
    },
  };
}

describe('queue entry', () => {
  it('is reached from the entry page as Quick Mode, and leads back as Full Mode', async () => {
    stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(form, entryImage(11), 2),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=12`);

    await user.click(await screen.findByRole('link', { name: 'Quick Mode' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/forms/${FORM_ID}/entry-v1`));
    expect(await screen.findByText('1 of 3 completed')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Full Mode' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/forms/${FORM_ID}/entry`));
    expect(await screen.findByRole('link', { name: 'Quick Mode' })).toBeTruthy();
  });

  it('shows progress, offers Submit only once something is entered, and checks required fields', async () => {
    const { requests } = stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(form, entryImage(11), 2),
      }),
      [`POST /api/forms/${FORM_ID}/submissions`]: submissionAnswer,
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    expect(await screen.findByText('1 of 3 completed')).toBeTruthy();
    await screen.findByLabelText('Notes');
    expect(screen.queryByRole('button', { name: 'Submit Form' })).toBeNull();
    await user.type(await screen.findByLabelText('Notes'), 'faded');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Missing required fields')).toBeTruthy();
    expect(screen.getByText('Please fill in: Surname')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Surname/), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it('skips to the next image, passing the current one over', async () => {
    const { requests } = stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: (request) => ({
        status: 200,
        body: nextImageResponse(form, request.search.includes('skipImageId=11') ? entryImage(12) : entryImage(11), 3),
      }),
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    await screen.findByRole('img', { name: 'Form image page-11.jpg' });
    await user.click(screen.getByRole('button', { name: 'Skip to Next' }));
    expect(await screen.findByRole('img', { name: 'Form image page-12.jpg' })).toBeTruthy();
    expect(requests.some((r) => r.search === '?skipImageId=11')).toBe(true);
  });

  it('moves on after 2 seconds and ends with Great Work! / All Done!', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let next: NextImageResponse | null = nextImageResponse(form, entryImage(13), 1);
    stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () =>
        next
          ? { status: 200, body: next }
          : { status: 404, body: { message: 'No more images need your help right now.' } },
      [`POST /api/forms/${FORM_ID}/submissions`]: (request) => {
        next = null;
        return submissionAnswer(request);
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    expect(await screen.findByText('2 of 3 completed')).toBeTruthy();
    await user.type(await screen.findByLabelText(/^Surname/), 'Smith{Enter}');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Surname/).disabled).toBe(true));
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('heading', { name: 'Great Work!' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByRole('heading', { name: 'Great Work!' })).toBeTruthy();
    expect(screen.getByText('All Done!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeTruthy();
  });

  it('says when every open image is being worked on, and shows the next one once Check Again finds it free', async () => {
    let next: NextImageResponse | null = null;
    stubEntryApi(form, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () =>
        next ? { status: 200, body: next } : { status: 404, body: { message: ALL_IMAGES_IN_PROGRESS } },
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    expect(await screen.findByText(ALL_IMAGES_IN_PROGRESS)).toBeTruthy();
    expect(screen.queryByText('All Done!')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Great Work!' })).toBeNull();

    next = nextImageResponse(form, entryImage(12), 2);
    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('img', { name: 'Form image page-12.jpg' })).toBeTruthy();
  });

  it('moves on half a second after an entry with nothing filled in (Enter submits without the button)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const optionalForm = entryForm([textField('f1', 'Surname')]);
    let current = entryImage(11);
    const { requests } = stubEntryApi(optionalForm, images, {
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(optionalForm, current, 2),
      }),
      [`POST /api/forms/${FORM_ID}/submissions`]: (request) => {
        current = entryImage(12);
        return submissionAnswer(request);
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(`/forms/${FORM_ID}/entry-v1`);

    const surname = await screen.findByLabelText('Surname');
    await user.type(surname, '{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ imageId: 11, data: { f1: '' } });
    expect(screen.queryByTestId('confetti')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(await screen.findByRole('img', { name: 'Form image page-12.jpg' })).toBeTruthy();
  });
});
