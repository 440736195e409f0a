// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_VERIFICATION_POLL_MS } from '../../api/currentUser.ts';
import { buildUser, signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const BANNER = 'Email verification required to create forms';

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
      'POST /api/resend-verification': () => ({ status: 200, body: { message: 'Verification email sent' } }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeTruthy();
    expect(screen.getByText(BANNER)).toBeTruthy();
    expect(screen.getByText('No forms yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('Verification Email Sent')).toBeTruthy();

    verified = true;
    vi.advanceTimersByTime(EMAIL_VERIFICATION_POLL_MS);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
  });

  it('never shows the banner to the administrator', async () => {
    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser({ emailVerified: false, isAdmin: true }) }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Forms' })).toBeTruthy();
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});
