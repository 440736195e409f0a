// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { INVALID_INVITATION, type InviteLandingResponse } from '@formscribe/common/schemas/invite';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PENDING_INVITE_STORAGE_KEY, rememberPendingInvite } from '../../stores/pendingInvite.ts';
import { REDIRECT_AFTER_AUTH_STORAGE_KEY } from '../../stores/redirectAfterAuth.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildUser, type FakeRequest, type FakeResponse, signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

const TOKEN = 'tok_abc123';

function buildLanding(overrides: Partial<InviteLandingResponse> = {}): InviteLandingResponse {
  return {
    form: {
      id: 42,
      name: 'Parish Registers 1890',
      description: 'Baptisms and marriages from the parish books.',
      organizationName: 'County Archive',
      organizationUrl: 'https://archive.example.org',
      logoUrl: null,
    },
    imageCount: 12,
    completedImages: 3,
    percentVerified: 25,
    invite: { expiresAt: '2031-05-04T10:30:00.000Z' },
    hasAccess: false,
    ...overrides,
  };
}

const invalid: FakeResponse = { status: 404, body: { message: INVALID_INVITATION } };

/** The requests that accept the invitation (join the form). */
function acceptCalls(requests: FakeRequest[]): FakeRequest[] {
  return requests.filter((request) => request.method === 'POST' && request.path === `/api/entry/${TOKEN}`);
}

describe('invite landing', () => {
  it('shows a signed-out visitor the form, and Accept remembers the invite before going to /auth', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => signedOut,
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding() }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Parish Registers 1890' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'County Archive' }).getAttribute('href')).toBe(
      'https://archive.example.org',
    );
    expect(screen.getByText('Baptisms and marriages from the parish books.')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByText(/^This invitation expires on .*2031/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Verification Progress' }).getAttribute('aria-valuenow')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBe(`/invite/${TOKEN}`);
    expect(window.localStorage.getItem(PENDING_INVITE_STORAGE_KEY)).toContain(TOKEN);
    expect(acceptCalls(requests)).toHaveLength(0);
  });

  it('says when a link never expires, and Not Now goes home without remembering anything', async () => {
    stubApi({
      'GET /api/user': () => signedOut,
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding({ invite: { expiresAt: null } }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByText('This invitation does not expire.', {}, PAGE_LOAD)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Not Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBeNull();
  });

  it('takes a signed-in user who can already enter data straight there, without accepting again', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding({ hasAccess: true }) }),
    });
    const { router } = renderApp(`/invite/${TOKEN}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/42/entry'), PAGE_LOAD);
    expect(requests.filter((request) => request.path === `/api/entry/${TOKEN}`)).toHaveLength(1);
    expect(acceptCalls(requests)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Accept Invitation/ })).toBeNull();
    // Replaced, not pushed: Back from data entry does not bounce through the invite again.
    expect(router.history.length).toBe(1);
  });

  it('never joins a signed-in visitor on opening the link: one click on Accept Invitation does', async () => {
    let joined = false;
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding({ hasAccess: joined }) }),
      [`POST /api/entry/${TOKEN}`]: () => {
        joined = true;
        return { status: 200, body: buildLanding({ hasAccess: true }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Parish Registers 1890' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation & Sign In' })).toBeNull();
    expect(acceptCalls(requests)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/42/entry'));
    expect(acceptCalls(requests)).toHaveLength(1);
  });

  it('does not accept a different link than the one the visitor chose before signing in', async () => {
    rememberPendingInvite('tok_the_one_clicked');
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding() }),
    });
    renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('button', { name: 'Accept Invitation' }, PAGE_LOAD)).toBeTruthy();
    expect(acceptCalls(requests)).toHaveLength(0);
  });

  it('finishes accepting after sign-in, so the visitor lands on data entry', async () => {
    const ada = buildUser();
    let session: typeof ada | null = null;
    let joined = false;
    const { requests } = stubApi({
      'GET /api/user': () => (session ? { status: 200, body: session } : signedOut),
      'POST /api/login': () => {
        session = ada;
        return { status: 200, body: ada };
      },
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding({ hasAccess: joined }) }),
      [`POST /api/entry/${TOKEN}`]: () => {
        if (!session) return signedOut;
        joined = true;
        return { status: 200, body: buildLanding({ hasAccess: true }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/invite/${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Accept Invitation & Sign In' }, PAGE_LOAD));
    const signInPanel = await screen.findByRole('form', { name: 'Sign in' }, PAGE_LOAD);
    await user.type(within(signInPanel).getByLabelText('Email'), 'ada@example.org');
    await user.type(within(signInPanel).getByLabelText('Password'), 'correct horse');
    await user.click(within(signInPanel).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/42/entry'), PAGE_LOAD);
    expect(acceptCalls(requests)).toHaveLength(1);
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(PENDING_INVITE_STORAGE_KEY)).toBeNull();
  });

  it('shows the invalid view when the link stops working before it is accepted', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding() }),
      [`POST /api/entry/${TOKEN}`]: () => invalid,
    });
    const user = userEvent.setup();
    renderApp(`/invite/${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }, PAGE_LOAD));
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(await screen.findByText('Invalid or expired invitation')).toBeTruthy();
  });

  it('explains an invalid or expired link to a visitor, without a toast', async () => {
    stubApi({ 'GET /api/user': () => signedOut, [`GET /api/entry/${TOKEN}`]: () => invalid });
    renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByText(INVALID_INVITATION)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('also toasts when a signed-in user expected to be taken to data entry', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => invalid,
    });
    const { router } = renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByText('Invalid or expired invitation')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
  });

  it('offers to try again when the invitation could not be checked at all', async () => {
    let healthy = false;
    stubApi({
      'GET /api/user': () => signedOut,
      [`GET /api/entry/${TOKEN}`]: () =>
        healthy ? { status: 200, body: buildLanding() } : { status: 500, body: { message: 'Internal error' } },
    });
    const user = userEvent.setup();
    renderApp(`/invite/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Invitation Unavailable' }, PAGE_LOAD)).toBeTruthy();
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Parish Registers 1890' })).toBeTruthy();
  });
});

describe('admin entry tab', () => {
  it('checks the token and moves on to data entry for the image', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => ({ status: 200, body: buildLanding({ hasAccess: true }) }),
    });
    const { router } = renderApp(`/entry/${TOKEN}?imageId=5`);

    await waitFor(() => expect(router.state.location.href).toBe('/forms/42/entry?imageId=5'), PAGE_LOAD);
  });

  it('sends a signed-out visitor to /auth and remembers the tab', async () => {
    stubApi({ 'GET /api/user': () => signedOut });
    const { router } = renderApp(`/entry/${TOKEN}?imageId=5`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), PAGE_LOAD);
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBe(`/entry/${TOKEN}?imageId=5`);
  });

  it('shows the invalid view and toast for an expired token', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      [`GET /api/entry/${TOKEN}`]: () => invalid,
    });
    renderApp(`/entry/${TOKEN}?imageId=5`);

    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' }, PAGE_LOAD)).toBeTruthy();
    expect(await screen.findByText('Invalid or expired invitation')).toBeTruthy();
  });
});
