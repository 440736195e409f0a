import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/apiClient.ts';
import { LONG_TOAST_DURATION_MS } from '../../stores/toastStore.ts';
import { createFormFailureToast, formUpdateFailureToast, imageUploadFailureToast } from './upgradeToasts.ts';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

describe('createFormFailureToast', () => {
  it('asks an unverified user to verify, with the server text and a Verify Email action to /profile', () => {
    const goTo = vi.fn();
    const toast = createFormFailureToast(
      apiError(403, { message: 'Email verification required', requiresEmailVerification: true }),
      goTo,
    );
    expect(toast).toMatchObject({
      title: 'Email Verification Required',
      description: 'Email verification required',
      durationMs: LONG_TOAST_DURATION_MS,
    });
    toast.action?.onClick();
    expect(goTo).toHaveBeenCalledWith('/profile');
    expect(toast.action?.label).toBe('Verify Email');
  });

  it('falls back to its own words when the verification answer carries no message', () => {
    const toast = createFormFailureToast(apiError(403, { message: '', requiresEmailVerification: true }), vi.fn());
    expect(toast.description).toBe('You need to verify your email address to create forms.');
  });

  it('offers an upgrade at the active form limit, with the plan and limit from the answer', () => {
    const goTo = vi.fn();
    const toast = createFormFailureToast(
      apiError(403, { message: 'Active form limit reached', upgrade: true, limit: 5, plan: 'starter' }),
      goTo,
    );
    expect(toast).toMatchObject({
      title: 'Upgrade to Create More Forms',
      description:
        "You've reached your limit of 5 active form(s) on the starter plan. Upgrade to create unlimited forms!",
      durationMs: LONG_TOAST_DURATION_MS,
    });
    expect(toast.action?.label).toBe('Upgrade Now');
    toast.action?.onClick();
    expect(goTo).toHaveBeenCalledWith('/billing');
  });

  it('defaults to 1 form on the free plan when the answer only mentions a limit', () => {
    const toast = createFormFailureToast(apiError(403, { message: 'You hit a limit' }), vi.fn());
    expect(toast.title).toBe('Upgrade to Create More Forms');
    expect(toast.description).toBe(
      "You've reached your limit of 1 active form(s) on the free plan. Upgrade to create unlimited forms!",
    );
  });

  it('shows anything else as a destructive Error', () => {
    expect(createFormFailureToast(apiError(500, { message: 'boom' }), vi.fn())).toEqual({
      title: 'Error',
      description: 'Server error. Please try again later.',
      variant: 'destructive',
    });
    expect(createFormFailureToast(apiError(400, { message: 'Form name is required' }), vi.fn()).description).toBe(
      'Form name is required',
    );
  });
});

describe('formUpdateFailureToast', () => {
  it('offers an upgrade when activating past the limit', () => {
    const toast = formUpdateFailureToast(
      apiError(403, { message: 'Active form limit reached', upgrade: true, limit: 1, plan: 'free' }),
      'Failed to update form status',
      vi.fn(),
    );
    expect(toast.title).toBe('Upgrade to Activate More Forms');
    expect(toast.action?.label).toBe('Upgrade Now');
  });

  it("shows the server's message, or the fallback, as an Error", () => {
    const withMessage = formUpdateFailureToast(
      apiError(400, { message: 'Webhook URL must be an http(s) address' }),
      'Failed to update form settings',
      vi.fn(),
    );
    expect(withMessage).toMatchObject({ title: 'Error', description: 'Webhook URL must be an http(s) address' });
    const empty = formUpdateFailureToast(new ApiError(502, ''), 'Failed to update form settings', vi.fn());
    expect(empty.description).toBe('Failed to update form settings');
  });
});

describe('imageUploadFailureToast', () => {
  it('tells apart the image count limit, the size limit and other failures', () => {
    const count = imageUploadFailureToast(apiError(403, { message: 'x', upgrade: true, limit: 50 }), vi.fn());
    expect(count.title).toBe('Upgrade to Upload More Images');
    expect(count.description).toContain('50 images per form');
    const size = imageUploadFailureToast(apiError(413, { message: 'x', upgrade: true }), vi.fn());
    expect(size.title).toBe('Upgrade for Larger Images');
    expect(size.description).toContain('2.5MB');
    const other = imageUploadFailureToast(
      apiError(415, { message: 'Unsupported file type: upload a JPG, PNG, HEIC, WebP or AVIF image' }),
      vi.fn(),
    );
    expect(other).toMatchObject({
      title: 'Upload failed',
      description: 'Unsupported file type: upload a JPG, PNG, HEIC, WebP or AVIF image',
      variant: 'destructive',
    });
    expect(imageUploadFailureToast(new ApiError(413, ''), vi.fn()).description).toBe('Failed to upload images');
  });
});
