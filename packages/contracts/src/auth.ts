import { z } from 'zod';
import { line } from './text.js';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from './auth-messages.js';

const email = line(AUTH_MESSAGES.emailRequired)
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase());

export const RegisterInput = z.object({
  name: line(AUTH_MESSAGES.nameTooShort)
    .trim()
    .min(NAME_MIN_LENGTH, AUTH_MESSAGES.nameTooShort)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`),
  email,
  password: z
    .string(AUTH_MESSAGES.passwordTooShort)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type RegisterInput = z.input<typeof RegisterInput>;

export const LoginInput = z.object({
  email,
  password: z
    .string(AUTH_MESSAGES.passwordRequired)
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
});
export type LoginInput = z.input<typeof LoginInput>;

export const TokenResponse = z.object({ access_token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Claims of the access token (JWT HS256). `exp` is in seconds. */
export const TokenClaims = z.object({
  sub: z.string(),
  name: z.string().optional(),
  email: z.string(),
  role: Role,
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/** `email` is present only when the caller is that user. */
export const UserProfile = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  email: z.string().optional(),
});
export type UserProfile = z.infer<typeof UserProfile>;
