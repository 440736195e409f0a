// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { entryForm, entryImage, FORM_ID, nextImageResponse, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Whole-page renders through the router; under a full parallel run they can take over a second.
configure({ asyncUtilTimeout: 4000 });

// The page is a lazily loaded chunk; load it once up front so no test waits for the compiler.
beforeAll(async () => {
  await import('./EntryPage.tsx');
});

const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const verified = (value: string) => ({ isVerified: true, verifiedValue: value });

describe('entry page: values', () => {
  it('prefills the verified value (locked), else the default, else empty or unticked, and focuses the first open field', async () => {
    const form = entryForm([
      textField('f1', 'Surname'),
      textField('f2', 'Given name'),
      textField('f3', 'Parish', { defaultValue: 'St Mary' }),
      { ...textField('f4', 'Baptised'), type: 'checkbox' },
      { ...textField('f5', 'Married'), type: 'checkbox' },
    ]);
    const image = entryImage(11, { fieldVerificationStatus: { f1: verified('Smith'), f5: verified('true') } });
    stubEntryApi(form, [image]);
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const surname = await screen.findByLabelText<HTMLInputElement>('Surname');
    expect(surname.value).toBe('Smith');
    expect(surname.disabled).toBe(true);
    expect(input('Given name').value).toBe('');
    expect(input('Given name').disabled).toBe(false);
    expect(input('Parish').value).toBe('St Mary');
    expect(input('Baptised').checked).toBe(false);
    expect(input('Married').checked).toBe(true);
    expect(input('Married').disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(input('Given name')));
  });

  it('sends an expandedDate as YYYY-MM-DD when complete, year|month|day when partial, empty when cleared', async () => {
    const year = String(new Date().getFullYear() - 10);
    const form = entryForm([
      { ...textField('f1', 'Born'), type: 'expandedDate' },
      { ...textField('f2', 'Married'), type: 'expandedDate' },
      { ...textField('f3', 'Died'), type: 'expandedDate' },
    ]);
    const { requests } = stubEntryApi(form, [entryImage(11)], {
      [`POST /api/forms/${FORM_ID}/submissions`]: () => ({ status: 409, body: { message: ALREADY_SUBMITTED } }),
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const born = within(await screen.findByRole('group', { name: 'Born' }));
    await user.selectOptions(born.getByRole('combobox', { name: 'Year' }), year);
    await user.selectOptions(born.getByRole('combobox', { name: 'Month' }), '07');
    await user.selectOptions(born.getByRole('combobox', { name: 'Day' }), '03');
    const married = within(screen.getByRole('group', { name: 'Married' }));
    await user.selectOptions(married.getByRole('combobox', { name: 'Month' }), '11');
    const died = within(screen.getByRole('group', { name: 'Died' }));
    await user.selectOptions(died.getByRole('combobox', { name: 'Year' }), year);
    await user.selectOptions(died.getByRole('combobox', { name: 'Year' }), '');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const submission = requests.find((r) => r.method === 'POST');
    expect(submission?.body).toEqual({ imageId: 11, data: { f1: `${year}-07-03`, f2: '|11|', f3: '' } });
  });
});

describe('entry page: votes', () => {
  it('offers votes only while nothing is filled in and the image has loaded, then shows the vote cast', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    stubEntryApi(form, [entryImage(11)], {
      'POST /api/images/11/vote-no-data': () => ({ status: 200, body: { imageCompleted: false, voteCount: 1 } }),
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    const picture = await screen.findByRole('img', { name: 'Form image page-11.jpg' });
    expect(screen.queryByRole('button', { name: 'Mark as No Data' })).toBeNull();
    fireEvent.load(picture);
    expect(await screen.findByRole('button', { name: 'Mark as No Data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Unreadable' })).toBeTruthy();

    await user.type(input('Surname'), 'Smith');
    expect(screen.queryByRole('button', { name: 'Mark as No Data' })).toBeNull();
    await user.clear(input('Surname'));
    await user.click(await screen.findByRole('button', { name: 'Mark as No Data' }));

    expect(await screen.findByRole('button', { name: 'You voted: No Data (1 vote)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Unreadable' })).toBeTruthy();
  });

  it('says so when a vote fails', async () => {
    stubEntryApi(entryForm([textField('f1', 'Surname')]), [entryImage(11)], {
      'POST /api/images/11/vote-unreadable': () => ({ status: 500, body: { message: 'boom' } }),
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    fireEvent.load(await screen.findByRole('img', { name: 'Form image page-11.jpg' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as Unreadable' }));
    expect(await screen.findByText('Vote Failed')).toBeTruthy();
    expect(screen.getByText('Failed to record your vote')).toBeTruthy();
  });
});

describe('entry page: submitting', () => {
  it('locks the form, shows confetti, and moves to the next image after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Image ids that equal the confetti burst count: a shared React key once kept the old image on screen.
    const form = entryForm([textField('f1', 'Surname')]);
    const images = [entryImage(1), entryImage(2)];
    const { requests } = stubEntryApi(form, images, {
      [`POST /api/forms/${FORM_ID}/submissions`]: () => ({
        status: 201,
        body: {
          id: 100,
          formId: FORM_ID,
          imageId: 1,
          data: { f1: 'Smith' },
          status: 'submitted',
          confidence: null,
          notes: null,
          submittedAt: '2024-03-01T00:00:00.000Z',
          submittedByEmail: 'ada@example.org',
          user: null,
          image: null,
          imageState: { ...images[0], entryCount: 1 },
        },
      }),
      [`GET /api/forms/${FORM_ID}/next-image`]: () => ({
        status: 200,
        body: nextImageResponse(form, images[1] ?? entryImage(2)),
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=1`);

    await user.type(await screen.findByLabelText('Surname'), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));

    await waitFor(() => expect(input('Surname').disabled).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ imageId: 1, data: { f1: 'Smith' } });
    expect(screen.getByTestId('confetti')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as No Data' })).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByRole('img', { name: 'Form image page-1.jpg' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(await screen.findByRole('img', { name: 'Form image page-2.jpg' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?imageId=2'));
    expect(input('Surname').value).toBe('');
    expect(input('Surname').disabled).toBe(false);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByTestId('confetti')).toBeNull();
  });

  it('submits with Enter from a text field', async () => {
    const form = entryForm([textField('f1', 'Surname')]);
    const { requests } = stubEntryApi(form, [entryImage(11)]);
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);
    await user.type(await screen.findByLabelText('Surname'), 'Smith{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it("reads a duplicate as 'Already Submitted' and anything else as 'Submission failed'", async () => {
    let answer = { status: 409, body: { message: ALREADY_SUBMITTED } };
    stubEntryApi(entryForm([textField('f1', 'Surname')]), [entryImage(11)], {
      [`POST /api/forms/${FORM_ID}/submissions`]: () => answer,
    });
    const user = userEvent.setup();
    renderApp(`/forms/${FORM_ID}/entry?imageId=11`);

    await user.type(await screen.findByLabelText('Surname'), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Already Submitted')).toBeTruthy();
    expect(screen.getByText('You have already submitted data for this image.')).toBeTruthy();
    expect(input('Surname').disabled).toBe(false);

    answer = { status: 500, body: { message: 'Internal error' } };
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Submission failed')).toBeTruthy();
    expect(screen.getByText('An error occurred during submission')).toBeTruthy();
  });
});
