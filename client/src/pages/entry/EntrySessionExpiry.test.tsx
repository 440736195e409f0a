// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_AFTER_AUTH_STORAGE_KEY } from '../../stores/redirectAfterAuth.ts';
import { entryForm, entryImage, FORM_ID, stubEntryApi, textField } from '../../test/entryTestApi.ts';
import { buildUser, signedOut } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./EntryPage.tsx');
});

describe('a session that ends in the middle of an entry', () => {
  it('asks the user to sign in again, brings them back to the image and keeps what they typed', async () => {
    const form = entryForm([textField('f1', 'Surname'), textField('f2', 'Parish')]);
    let sessionAlive = true;
    const api = stubEntryApi(form, [entryImage(11), entryImage(12)], {
      'GET /api/user': () =>
        sessionAlive ? { status: 200, body: buildUser({ hasCompletedDataEntryTutorial: true }) } : signedOut,
      [`POST /api/forms/${FORM_ID}/submissions`]: () => {
        sessionAlive = false;
        return { status: 401, body: { message: 'Authentication required' } };
      },
      'POST /api/login': () => {
        sessionAlive = true;
        return { status: 200, body: buildUser({ hasCompletedDataEntryTutorial: true }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/forms/${FORM_ID}/entry?imageId=12`);

    await user.type(await screen.findByLabelText('Surname'), 'Smith');
    await user.type(screen.getByLabelText('Parish'), 'North');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));

    expect(await screen.findByText('Session expired')).toBeTruthy();
    expect(screen.queryByText('Submission failed')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBe(`/forms/${FORM_ID}/entry?imageId=12`);

    const signIn = await screen.findByRole('tabpanel', { name: 'Sign In' });
    await user.type(within(signIn).getByLabelText('Email'), 'ada@example.org');
    await user.type(within(signIn).getByLabelText('Password'), 'correct-horse');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.href).toBe(`/forms/${FORM_ID}/entry?imageId=12`));
    expect((await screen.findByLabelText<HTMLInputElement>('Surname')).value).toBe('Smith');
    expect(screen.getByLabelText<HTMLInputElement>('Parish').value).toBe('North');
    expect(api.requests.filter((r) => r.path === `/api/forms/${FORM_ID}/submissions`)).toHaveLength(1);
  });
});
