import { MESSAGES } from '@formscribe/common/messages';
import { describe, expect, it } from 'vitest';
import { passwordChangeProblem } from './passwordChangeValidation.ts';

describe('passwordChangeProblem', () => {
  it.each([
    [{ currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret1' }, MESSAGES.allPasswordFieldsRequired],
    [{ currentPassword: 'old', newPassword: '', confirmPassword: '' }, MESSAGES.allPasswordFieldsRequired],
    [{ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret2' }, MESSAGES.newPasswordsDoNotMatch],
    [{ currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' }, MESSAGES.newPasswordTooShort],
    [{ currentPassword: 'old', newPassword: 'secret', confirmPassword: 'secret' }, null],
  ])('checks %o', (fields, expected) => {
    expect(passwordChangeProblem(fields)).toBe(expected);
  });
});
