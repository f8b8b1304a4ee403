// Messages, limits and rules of sign-up and sign-in, free of zod so the app shell can use them cheaply.
export const AUTH_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters.',
  invalidEmail: 'Invalid email address.',
  userNotFound: 'User not found.',
  passwordTooShort: 'Password must be at least 6 characters.',
  emailTaken: 'Email already exists',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  tooManyAttemptsForAccount:
    'Too many failed sign-in attempts for this account. Please try again in an hour.',
  tooManyAttemptsFromNetwork:
    'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
  signupFailed: 'Signup failed',
  loginFailed: 'Login failed',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidToken: 'Invalid token. Logging out...',
  sessionExpired: 'Your session has expired. Please sign in again.',
  authRequired: 'You must be signed in to do that.',
  adminOnly: 'Only an admin can do that.',
} as const;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;
export const PASSWORD_MIN_LENGTH = 6;
/** argon2 hashes whatever it is given; a bound keeps a giant password from costing the server. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

export const ROLES = ['user', 'admin'] as const;

export type StrengthLabel = 'Weak' | 'Good' | 'Strong';

/** Signup strength meter: 25 points each for length ≥ 8, a lowercase, an uppercase, a digit. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  const score =
    (password.length >= 8 ? 25 : 0) +
    (/[a-z]/.test(password) ? 25 : 0) +
    (/[A-Z]/.test(password) ? 25 : 0) +
    (/\d/.test(password) ? 25 : 0);
  const label: StrengthLabel = score < 50 ? 'Weak' : score < 75 ? 'Good' : 'Strong';
  return { score, label };
}
