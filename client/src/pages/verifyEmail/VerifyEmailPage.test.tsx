// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

describe('verify e-mail', () => {
  it("says 'Verification failed' in a toast and on the page when the link is refused", async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ emailVerified: false, emailVerifiedAt: null }) }),
      'GET /api/verify-email': () => ({
        status: 400,
        body: { message: 'This verification link is invalid or has expired.' },
      }),
    });
    renderApp('/verify-email?token=used-up');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Verification failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('This verification link is invalid or has expired.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeTruthy();
  });
});
