// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_VERIFICATION_POLL_MS } from '../../api/currentUser.ts';
import { buildUser, signedOut, stubApi } from '../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse } from '../../test/formFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const BANNER = 'Email verification required to create forms';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

describe('dashboard', () => {
  it('shows the landing view to a signed-out visitor', async () => {
    stubApi({ 'GET /api/user': () => signedOut });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Forms' })).toBeNull();
  });

  it('asks an unverified user to verify, resends on request, and drops the banner once verified', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let verified = false;
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ emailVerified: verified }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/resend-verification': () => ({ status: 200, body: { message: 'Verification email sent' } }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeTruthy();
    expect(screen.getByText(BANNER)).toBeTruthy();
    expect(await screen.findByText('No forms yet')).toBeTruthy();
    // Unverified users may not create forms: no create buttons at all.
    expect(screen.queryByRole('button', { name: 'Create Your First Form' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create New Form' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('Verification Email Sent')).toBeTruthy();

    verified = true;
    vi.advanceTimersByTime(EMAIL_VERIFICATION_POLL_MS);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
  });

  it('never shows the banner to the administrator', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ emailVerified: false, isAdmin: true }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeTruthy();
    expect(screen.queryByText(BANNER)).toBeNull();
    // The administrator is exempt from verification gating.
    expect(await screen.findByRole('button', { name: 'Create Your First Form' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create New Form' })).toBeTruthy();
  });
});

describe('dashboard forms list', () => {
  it('hides disabled own forms until asked, and offers the toggle only when there are some', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms': () => ({
        status: 200,
        body: [
          buildFormListItem({ id: 1, name: 'Active Register', totalImages: 4, completedImages: 1 }),
          buildFormListItem({ id: 2, name: 'Old Register', isActive: false }),
          buildFormListItem({ id: 3, name: 'Neighbour Census', isOwner: false, canManage: false, createdById: 9 }),
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/');

    const myForms = await screen.findByRole('region', { name: 'My Forms' });
    expect(within(myForms).getByRole('link', { name: 'Active Register' }).getAttribute('href')).toBe('/forms/1');
    expect(within(myForms).queryByText('Old Register')).toBeNull();
    expect(within(myForms).getByText('1 of 4 images')).toBeTruthy();
    expect(within(myForms).getByText('25%')).toBeTruthy();
    expect(within(myForms).getByText('My Form')).toBeTruthy();

    const shared = screen.getByRole('region', { name: 'Shared With Me' });
    expect(within(shared).getByRole('link', { name: 'Neighbour Census' })).toBeTruthy();
    expect(within(shared).getByText('Shared')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show Disabled Forms' }));
    expect(within(myForms).getByRole('link', { name: 'Old Register' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide Disabled Forms' }));
    expect(within(myForms).queryByText('Old Register')).toBeNull();
  });

  it('offers no toggle when every own form is active', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms': () => ({ status: 200, body: [buildFormListItem({ name: 'Active Register' })] }),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Active Register' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show Disabled Forms' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Shared With Me' })).toBeNull();
  });
});

describe('creating a form', () => {
  async function openCreateDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Create Your First Form' }));
    return screen.findByRole('dialog', { name: 'Create New Form' });
  }

  it('asks for an upgrade at the active form limit, and Upgrade Now goes to /billing', async () => {
    const api = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/forms': () => ({
        status: 403,
        body: { message: 'Active form limit reached', upgrade: true, limit: 1, plan: 'free' },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const dialog = await openCreateDialog(user);

    const create = within(dialog).getByRole('button', { name: 'Create Form' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Form Name'), '   ');
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Form Name'), 'Parish Register  ');
    await user.click(create);

    expect(await screen.findByText('Upgrade to Create More Forms')).toBeTruthy();
    expect(
      screen.getByText(
        "You've reached your limit of 1 active form(s) on the free plan. Upgrade to create unlimited forms!",
      ),
    ).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Parish Register',
      fields: [],
      requiredEntriesPerImage: 1,
    });
    // The dialog steps aside so the toast's action can be reached.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
  });

  it('asks to verify the e-mail when the server requires it, with Verify Email to /profile', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/forms': () => ({
        status: 403,
        body: { message: 'Email verification required', requiresEmailVerification: true },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByLabelText('Form Name'), 'Parish Register');
    await user.click(within(dialog).getByRole('button', { name: 'Create Form' }));

    expect(await screen.findByText('Email Verification Required')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('opens the tutorial after a first form, records it once when skipped, then opens the form', async () => {
    const created = buildFormResponse({ id: 42, name: 'Parish Register', description: 'Baptisms' });
    const api = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: false }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/forms': () => ({ status: 201, body: created }),
      'POST /api/tutorial/complete': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: true }) }),
      'GET /api/forms/42': () => ({ status: 200, body: created }),
      'GET /api/forms/42/images': () => ({ status: 200, body: { images: [], total: 0, totalPages: 0 } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByLabelText('Form Name'), 'Parish Register');
    await user.type(within(dialog).getByLabelText('Description'), '  Baptisms ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Form' }));

    expect(await screen.findByText('Form created successfully')).toBeTruthy();
    const tutorial = await screen.findByRole('dialog', { name: 'Getting Started' });
    expect(within(tutorial).getByText('Step 1 of 6')).toBeTruthy();
    expect(within(tutorial).getByText('17%')).toBeTruthy();
    expect(within(tutorial).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(tutorial).getByRole('button', { name: 'Next' }));
    expect(within(tutorial).getByText('Step 2 of 6')).toBeTruthy();
    await user.click(within(tutorial).getByRole('button', { name: 'Skip Tutorial' }));

    expect(await screen.findByText('Tutorial Complete!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/42'));
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual(['/api/forms', '/api/tutorial/complete']);
    expect(posts[0]?.body).toEqual({
      name: 'Parish Register',
      description: 'Baptisms',
      fields: [],
      requiredEntriesPerImage: 1,
    });
  });

  it('ends the tutorial with Get Started after walking through all six steps', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: false }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/forms': () => ({ status: 201, body: buildFormResponse({ id: 5 }) }),
      'POST /api/tutorial/complete': () => ({ status: 500, body: { message: 'down' } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByLabelText('Form Name'), 'Register');
    await user.click(within(dialog).getByRole('button', { name: 'Create Form' }));

    const tutorial = await screen.findByRole('dialog', { name: 'Getting Started' });
    for (let step = 1; step < 6; step++) await user.click(within(tutorial).getByRole('button', { name: 'Next' }));
    expect(within(tutorial).getByText('Step 6 of 6')).toBeTruthy();
    expect(within(tutorial).getByText('100%')).toBeTruthy();
    expect(within(tutorial).queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(within(tutorial).getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByText('Failed to mark tutorial as complete')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/5'));
  });

  it('reopens the tutorial with Take the Tour, ending Got It, Thanks! and staying on the dashboard', async () => {
    const api = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: true }) }),
      'GET /api/forms': () => ({ status: 200, body: [buildFormListItem()] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Take the Tour' }));
    const tutorial = await screen.findByRole('dialog', { name: 'Getting Started' });
    for (let step = 1; step < 6; step++) await user.click(within(tutorial).getByRole('button', { name: 'Next' }));
    await user.click(within(tutorial).getByRole('button', { name: 'Got It, Thanks!' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Getting Started' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    // Completed before: nothing is recorded again.
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('goes straight to the new form when the tutorial was completed before', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ hasCompletedTutorial: true }) }),
      'GET /api/forms': () => ({ status: 200, body: [] }),
      'POST /api/forms': () => ({ status: 201, body: buildFormResponse({ id: 8 }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByLabelText('Form Name'), 'Register');
    await user.click(within(dialog).getByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/8'));
    expect(screen.queryByRole('dialog', { name: 'Getting Started' })).toBeNull();
  });
});
