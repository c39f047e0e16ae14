/** The words of sign-in and account security (SPEC §8 where it gives them). */
export const AUTH_MESSAGES = {
  // SPEC §8: sign-in failure always reads this, whatever was wrong.
  signInFailed: 'Authentication failed. Please check your credentials.',
  deactivated: 'Your account has been deactivated. Contact an administrator.',
  twoFactorExpired: 'Your sign-in verification has expired. Please sign in again.',
  invalidCode: 'Invalid verification code. Please try again.',
  twoFactorTooManyAttempts: 'Too many incorrect codes. Please sign in again.',
  twoFactorLocked:
    'Too many incorrect verification codes. Two-factor sign-in is locked for 15 minutes. Try again later.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordWrong: 'Password is incorrect',
  samePassword: 'New password must be different from the current password',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotStarted: 'Start two-factor set-up first.',
  sessionNotFound: 'Session not found',
} as const;
