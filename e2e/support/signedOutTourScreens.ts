/** The screens of the tour (screenTour.ts) a signed-out visitor reaches. */
import { expect } from '@playwright/test';
import { waitForMailLink } from './mailbox.ts';
import { h1, type TourScreen, visit } from './tourScreenSteps.ts';
import { FORM_NAME, type TourWorld } from './tourWorld.ts';

export function signedOutScreens(world: TourWorld): TourScreen[] {
  const { say } = world.words;
  const role = 'signedOut';
  return [
    { name: 'landing', role, show: (page) => visit(page, '/', say('Formscribe')) },
    { name: 'auth-sign-in', role, show: (page) => visit(page, '/auth', say('Formscribe')) },
    {
      name: 'auth-sign-up',
      role,
      show: async (page) => {
        await visit(page, '/auth', say('Formscribe'));
        await page.getByRole('tab', { name: say('Sign Up') }).click();
        await expect(page.getByRole('button', { name: say('Create Account') })).toBeVisible();
      },
    },
    { name: 'forgot-password', role, show: (page) => visit(page, '/forgot-password', say('Forgot your password?')) },
    {
      name: 'forgot-password-sent',
      role,
      show: async (page) => {
        await visit(page, '/forgot-password', say('Forgot your password?'));
        await page.getByLabel(say('Email')).fill(world.ownerEmail);
        await page.getByRole('button', { name: say('Send Reset Link') }).click();
        await expect(h1(page, say('Check Your Email'))).toBeVisible();
      },
    },
    {
      name: 'reset-password',
      role,
      show: async (page) => {
        await page.goto(await waitForMailLink(world.ownerEmail, '/reset-password?token='));
        await expect(h1(page, say('Choose a new password'))).toBeVisible();
      },
    },
    {
      name: 'reset-password-invalid',
      role,
      show: (page) => visit(page, '/reset-password?token=nope', say('Invalid or Expired Link')),
    },
    {
      name: 'verify-email-failed',
      role,
      show: async (page) => {
        // The refusal is also said in a toast, mounted once the page settles: awaited (as on
        // subscription-success), so the checks see it at rest and not sliding in on a busy machine.
        await visit(page, '/verify-email?token=nope', say('Verification Failed'));
        await expect(
          page.getByText(world.words.t('account.verify.failedToast'), { exact: true }).first(),
        ).toBeVisible();
      },
    },
    { name: 'invite-landing', role, show: (page) => visit(page, `/invite/${world.inviteToken}`, FORM_NAME) },
    { name: 'invite-invalid', role, show: (page) => visit(page, '/invite/no-such-invite', say('Invalid Invitation')) },
    { name: 'not-found', role, show: (page) => visit(page, '/no-such-page', say('404 Page Not Found')) },
    {
      name: 'checkout-signed-out',
      role,
      show: async (page) => {
        await page.goto('/subscription-checkout?plan=starter');
        await expect(page.getByText(say('Please log in to subscribe to a plan'))).toBeVisible();
      },
    },
  ];
}
