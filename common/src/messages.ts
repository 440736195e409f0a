/** User-facing strings that both the server and the client show; the spec's wording, once. */
import { API_TOKENS_PER_ACCOUNT } from './limits.ts';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  usernameTaken: 'An account with this email already exists',
  notAuthenticated: 'Not authenticated',
  forbidden: 'Forbidden',
  foreignOrigin: 'Cross-origin request refused',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long',
  newPasswordTooShort: 'New password must be at least 6 characters',
  allPasswordFieldsRequired: 'All password fields are required',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordWrong: 'Current password is incorrect',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can sign in now.',
  noVerificationToken: 'No verification token provided',
  verificationTokenInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Email verified',
  alreadyVerified: 'Your email address is already verified.',
  verificationSent: 'Verification email sent',
  notFound: 'Not found',
  currentPasswordRequiredForEmail: 'Enter your current password to change your email address.',
  /** Creating a form before confirming the e-mail; the client matches it to offer verification. */
  emailVerificationRequired: 'Email verification required',
  /** Creating or activating a form past the plan's limit; the client matches it to offer an upgrade. */
  activeFormLimitReached: 'Active form limit reached',
  /**
   * A plan bounds its active forms, so only active forms take new images and machine reading;
   * an inactive form keeps what it holds (entry, data, exports).
   */
  inactiveFormTakesNoImages: 'This form is inactive: activate it to upload images.',
  inactiveFormReadsNothing: 'This form is inactive: activate it to use machine reading.',
  formNotFound: 'Form not found',
  imageNotFound: 'Image not found',
  submissionNotFound: 'Submission not found',
  inviteNotFound: 'Invite not found',
  userNotFound: 'User not found',
  fileNotFound: 'File not found',
  logoNotFound: 'Logo not found',
  deactivateOwnFormsOnly: 'You can only deactivate your own forms',
  unknownField: 'Unknown field',
  chooseEnteredValue: 'Choose one of the values contributors entered',
  adminEmailFixed: 'The administrator e-mail address is set by ADMIN_EMAIL and cannot be changed here.',
  nulCharacterRefused: 'Text must not contain NUL characters',
  notMultipart: 'The upload could not be read: send the file as multipart/form-data',
  campaignNotFound: 'Campaign not found',
  campaignHasNoRecipients: 'Nobody would receive this campaign: choose another audience.',
  campaignRecipientsNotInForm: 'Some selected recipients are not users of this form.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid.',
  /** A super-admin route asked by anyone else (the page itself shows the spec's 'Access Denied' text). */
  superAdminRequired: 'Super administrator privileges required',
  adminAccountCannotBeDeleted: "The administrator's own account cannot be deleted.",
  // Billing (spec sections 5, 8): plan changes and the built-in test provider's card payments.
  invalidPlan: 'Invalid plan selected',
  noPlanChangeNeeded: 'No Plan Change Needed',
  alreadySubscribed: 'You already have a paid plan: upgrade or downgrade it instead.',
  upgradeToCheaperPlan: 'That plan costs less than yours: downgrade to it instead.',
  downgradeToDearerPlan: 'That plan costs more than yours: upgrade to it instead.',
  subscriptionPaymentStarted: 'Complete the payment to activate your subscription.',
  subscriptionActivated: 'Subscription Activated!',
  upgradePaymentStarted: 'Complete the payment of the prorated difference to upgrade.',
  upgradeCompleted: 'Your plan has been upgraded.',
  upgradePaymentIncomplete: 'The payment for this upgrade has not gone through yet.',
  downgradeCompleted: 'Downgrade Successful',
  downgradeNeedsFormSelection: 'Form Selection Required',
  downgradeAllowed: 'You can downgrade now.',
  testPaymentNotFound: 'Payment not found',
  testPaymentVoided: 'This payment is no longer valid because your plan changed. Please start again.',
  testPaymentsOff: 'Test payments are not available: payments go through Stripe.',
  /** Production without Stripe keys (and without the test provider's opt-in): no payment is taken. */
  paidPlansUnavailable: 'Paid plans are not available on this server yet: no payment provider is set up.',
  /** The built-in test provider serves billing: shown on the billing page and the admin's system status. */
  testPaymentsOn: 'Test payments are on: cards are not charged and no money moves.',
  cardNumberInvalid: 'Enter the card number as 12 to 19 digits.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownTestCard: 'Not a test card: use 4242 4242 4242 4242 (or 4000 0000 0000 0002 / 9995 to see a failure).',
  // Stripe: its webhook, and accounts whose mode has no keys configured.
  stripeSignatureInvalid: 'Invalid Stripe signature',
  stripeTestModeNotConfigured: 'Test payments are not configured on this server. Please contact support.',
  stripeLiveModeNotConfigured: 'Payments are not configured on this server. Please contact support.',
  stripeNoSubscription: 'No active subscription was found for this account.',
  // File storage (a bucket) that does not answer: uploads and file reads fail with this, nothing half-stored.
  storageUnavailable: 'File storage is unavailable right now. Please try again in a moment.',
  // PostgreSQL restarting or unreachable (or no free connection in time): a 503 with Retry-After.
  databaseUnavailable: 'The server cannot reach its database right now. Please try again in a moment.',
  // The public API (/api/v1) and its personal access tokens.
  apiTokenMissing: 'This API needs a personal access token: send Authorization: Bearer <token>.',
  apiTokenInvalid: 'This API token is not valid: it was revoked or never existed.',
  apiTokenExpired: 'This API token has expired. Create a new one on your profile page.',
  apiTokenReadOnly: 'This API token can only read. Create a token with read and write access for this call.',
  apiNeedsProfessional: 'API access is part of the Professional plan. Your tokens are kept: upgrade to use them again.',
  apiTokenNotFound: 'API token not found',
  apiTokenExpiryPast: 'The expiry date must be in the future.',
  apiTokenNameRequired: 'Give the token a name.',
  apiTokenLimitReached: `An account may hold ${API_TOKENS_PER_ACCOUNT} API tokens at once. Revoke one to create another.`,
  apiCursorInvalid: 'The cursor is not valid: pass back the nextCursor of a previous page.',
  // The owner page's Insights tab (and its /api/v1 twins): Professional owners and the administrator.
  insightsNeedProfessional:
    'Insights are part of the Professional plan. Upgrade to see agreement scores, field difficulty, throughput and the image heatmap.',
} as const;
