import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { defaultUsername, firstIssue, forgotPasswordSchema, initials, loginSchema, meetsResetRules, passwordStrength, resetPasswordSchema, signupSchema } from './validation';

const issue = (r: { success: boolean; error?: unknown }) => (r.success ? null : firstIssue(r.error as never));
const m = messages.auth;

describe('login', () => {
  it('needs both fields', () => {
    expect(issue(loginSchema.safeParse({ email: '', password: 'x' }))).toBe(m.bothFieldsRequired);
    expect(issue(loginSchema.safeParse({ email: 'a@b.co' }))).toBe(m.bothFieldsRequired);
    expect(loginSchema.parse({ email: ' A@B.co ', password: 'x' }).email).toBe('a@b.co');
  });
  it.each(['a\u0000@b.co', 'a\ud800@b.co'])('refuses the e-mail %j before any lookup', (email) => {
    expect(issue(loginSchema.safeParse({ email, password: 'x' }))).toBe(m.invalidCredentials);
  });
});

describe('signup', () => {
  const ok = { email: 'a@b.co', username: 'ana', password: 'Sunshine1', confirmPassword: 'Sunshine1' };
  it('accepts a complete form', () => {
    expect(signupSchema.parse({ ...ok, username: ' ana ' }).username).toBe('ana');
  });
  it.each([
    [{ ...ok, username: undefined }, m.fillAllFields],
    [{ ...ok, username: '' }, m.fillAllFields],
    [{ ...ok, username: '   ' }, m.fillAllFields],
    [{ ...ok, username: 'a\u0000b' }, m.usernameCharacters],
    [{ ...ok, username: 'a\udc00' }, m.usernameCharacters],
    [{ ...ok, email: '' }, m.fillAllFields],
    [{ ...ok, email: 'a\u0000@b.co' }, m.emailInvalid],
    [{ ...ok, email: 'a@b\ud800.co' }, m.emailInvalid],
    [{ ...ok, password: '' }, m.fillAllFields],
    [{ ...ok, confirmPassword: '' }, m.fillAllFields],
    [{ ...ok, email: 'a@b' }, m.emailInvalid],
    [{ ...ok, password: 'Short1', confirmPassword: 'Short1' }, m.passwordTooShort],
    [{ ...ok, confirmPassword: 'Sunshine2' }, m.passwordsDoNotMatch],
  ])('refuses %j', (input, message) => {
    expect(issue(signupSchema.safeParse(input))).toBe(message);
  });
});

describe('forgot password', () => {
  it('needs a valid e-mail', () => {
    expect(issue(forgotPasswordSchema.safeParse({ email: '' }))).toBe(m.emailRequired);
    expect(issue(forgotPasswordSchema.safeParse({ email: '   ' }))).toBe(m.emailRequired);
    expect(issue(forgotPasswordSchema.safeParse({ email: 'x@y' }))).toBe(m.emailInvalid);
    expect(issue(forgotPasswordSchema.safeParse({ email: 'no spaces@x.io' }))).toBe(m.emailInvalid);
    expect(forgotPasswordSchema.safeParse({ email: 'x@y.io' }).success).toBe(true);
    expect(forgotPasswordSchema.safeParse({ email: 'zoë@exämple.de' }).success).toBe(true);
  });
});

describe('password strength and reset rules', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['ABCDEFG1', 3],
  ])('%s scores %i of 4', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('needs all four rules and a matching confirmation', () => {
    expect(meetsResetRules('Abcdefg1', 'Abcdefg1')).toBe(true);
    expect(meetsResetRules('Abcdefg1', 'Abcdefg2')).toBe(false);
    expect(meetsResetRules('abcdefg1', 'abcdefg1')).toBe(false);
    expect(issue(resetPasswordSchema.safeParse({ token: 'A1b2C3d4E5f6G7h8I9j0K1l2', password: 'abcdefg1', confirmPassword: 'abcdefg1' }))).toBe(m.passwordRequirements);
  });

  it.each(['', 'short', 'A1b2C3d4E5f6G7h8I9j0K1l2x', 'A1b2C3d4E5f6G7h8I9j0K1\u0000', 'A1b2C3d4E5f6G7h8I9j0K1\ud800', 'A1b2C3d4E5f6G7h8I9j0K1-_'])(
    'refuses the reset token %j by its shape',
    (token) => {
      expect(issue(resetPasswordSchema.safeParse({ token, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }))).toBe(m.resetTokenInvalid);
    },
  );
});

describe('names', () => {
  it('defaults the username to the part before the @', () => {
    expect(defaultUsername('sunny.day@example.com')).toBe('sunny.day');
  });
  it('takes two upper-cased initials, falling back to User', () => {
    expect(initials('ana')).toBe('AN');
    expect(initials('')).toBe('US');
    expect(initials(null)).toBe('US');
  });
});
