import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, passwordStrength } from './auth-messages.js';
import { LoginInput, RegisterInput } from './auth.js';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 25, 'Weak'],
    ['abcDEF', 50, 'Good'],
    ['abcdefgh', 50, 'Good'],
    ['abcDEF12', 100, 'Strong'],
    ['abcDEF1', 75, 'Strong'],
    ['ABCDEFGH', 50, 'Good'],
    ['12345678', 50, 'Good'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe('RegisterInput', () => {
  it('lower-cases and trims the e-mail and trims the name', () => {
    const parsed = RegisterInput.parse({
      name: '  Wanjiku ',
      email: ' Wanjiku@Example.COM ',
      password: 'secret1',
    });
    expect(parsed).toEqual({ name: 'Wanjiku', email: 'wanjiku@example.com', password: 'secret1' });
  });

  it('carries the spec messages', () => {
    const result = RegisterInput.safeParse({ name: 'W', email: 'nope', password: '123' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      AUTH_MESSAGES.nameTooShort,
      AUTH_MESSAGES.invalidEmail,
      AUTH_MESSAGES.passwordTooShort,
    ]);
  });

  it('takes a passphrase of up to 256 characters, any characters at all, and refuses a longer one', () => {
    const passphrase = 'mvua ya masika — imenyesha\u0000 kwa wiki mbili '
      .repeat(6)
      .slice(0, PASSWORD_MAX_LENGTH);
    const input = { name: 'Wanjiku', email: 'w@example.co.ke' };
    expect(RegisterInput.safeParse({ ...input, password: passphrase }).success).toBe(true);
    expect(RegisterInput.safeParse({ ...input, password: `${passphrase}x` }).success).toBe(false);
  });

  it('treats a blank name as too short', () => {
    const result = RegisterInput.safeParse({ name: '   ', email: 'a@b.co', password: 'secret1' });
    expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.nameTooShort);
  });
});

describe('LoginInput', () => {
  it('requires both fields', () => {
    const result = LoginInput.safeParse({ email: '', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      AUTH_MESSAGES.emailRequired,
      AUTH_MESSAGES.passwordRequired,
    ]);
  });
});
