import { PASSWORD_MIN_LENGTH } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';

export interface PasswordChangeFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first problem with a password change, in the spec's order (section 5), or null when it may be sent. */
export function passwordChangeProblem({ currentPassword, newPassword, confirmPassword }: PasswordChangeFields) {
  if (!currentPassword || !newPassword || !confirmPassword) return MESSAGES.allPasswordFieldsRequired;
  if (newPassword !== confirmPassword) return MESSAGES.newPasswordsDoNotMatch;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return MESSAGES.newPasswordTooShort;
  return null;
}
