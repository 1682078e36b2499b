import { z } from 'zod';
import { messages } from './messages';
import { isTimeZone } from './time-zone';

export { defaultUsername, initials } from './names';

const m = messages.auth;

/**
 * The product's something@something.something pattern (docs/product/accounts.md#fields), without invisible characters
 * (\p{C}: controls such as NUL, unpaired surrogates, format marks): PostgreSQL refuses a NUL, and an address nobody can
 * type is no address.
 */
export const EMAIL_PATTERN = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;
/** Better Auth's reset tokens: generateId(24), letters and digits. Anything else is refused before a lookup. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9]{24}$/;
/** Control characters and unpaired UTF-16 surrogates: no text field needs them, and they break storage and lookups. */
const ILL_FORMED = /[\p{Cc}\p{Cs}]/u;
export const isWellFormedText = (value: string) => !ILL_FORMED.test(value);
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_USERNAME_LENGTH = 40;

const trimmed = z.string().trim();

export const emailField = trimmed
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .transform((v) => v.toLowerCase());
export const usernameField = trimmed.max(MAX_USERNAME_LENGTH, m.usernameTooLong(MAX_USERNAME_LENGTH)).refine(isWellFormedText, m.usernameCharacters);
export const newPasswordField = z.string().min(MIN_PASSWORD_LENGTH, m.passwordTooShort).max(MAX_PASSWORD_LENGTH, m.passwordTooLong(MAX_PASSWORD_LENGTH));

/**
 * A time zone the person chose (the profile): an IANA name the platform knows, or the product's text
 * (docs/product/accounts.md#time-zone).
 */
export const timeZoneField = z.string({ error: messages.account.timeZoneInvalid }).refine(isTimeZone, messages.account.timeZoneInvalid);
/**
 * The browser's time zone, sent with sign-up and login: one that is not an IANA name is dropped, never a reason to
 * refuse someone their account (docs/product/accounts.md#time-zone).
 */
const browserTimeZoneField = timeZoneField.optional().catch(undefined);

/** Login: both fields are required, and that is the only message the product gives (docs/product/accounts.md#login). */
export const loginSchema = z.object({
  email: z
    .string({ error: m.bothFieldsRequired })
    .trim()
    .min(1, m.bothFieldsRequired)
    .max(254, m.invalidCredentials)
    .refine(isWellFormedText, m.invalidCredentials)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: m.bothFieldsRequired }).min(1, m.bothFieldsRequired).max(MAX_PASSWORD_LENGTH, m.invalidCredentials),
  timeZone: browserTimeZoneField,
});

/**
 * Signup: every field is required ('Please fill out all fields'), the username too (decision 014). Accounts made
 * any other way, and old rows, still fall back to defaultUsername.
 */
export const signupSchema = z
  .object({
    email: z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields).pipe(emailField),
    username: z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields).pipe(usernameField),
    password: z.string({ error: m.fillAllFields }).min(1, m.fillAllFields).pipe(newPasswordField),
    confirmPassword: z.string({ error: m.fillAllFields }).min(1, m.fillAllFields),
    timeZone: browserTimeZoneField,
  })
  .refine((v) => v.password === v.confirmPassword, { message: m.passwordsDoNotMatch, path: ['confirmPassword'] });

export const forgotPasswordSchema = z.object({
  email: z.string({ error: m.emailRequired }).pipe(emailField),
});

/** The reset form's four counted rules (docs/product/accounts.md#reset-password), in the order the meter shows them. */
export const passwordRules = [
  { id: 'length', label: m.passwordRules.length, test: (p: string) => p.length >= MIN_PASSWORD_LENGTH },
  { id: 'upper', label: m.passwordRules.upper, test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: m.passwordRules.lower, test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: m.passwordRules.digit, test: (p: string) => /\d/.test(p) },
] as const;

/** The strength meter's x of 4. */
export function passwordStrength(password: string): number {
  return passwordRules.filter((r) => r.test(password)).length;
}

export function meetsResetRules(password: string, confirm: string): boolean {
  return passwordStrength(password) === passwordRules.length && password.length <= MAX_PASSWORD_LENGTH && password === confirm;
}

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: m.resetTokenInvalid }).regex(RESET_TOKEN_PATTERN, m.resetTokenInvalid),
    password: z.string({ error: m.passwordRequirements }),
    confirmPassword: z.string({ error: m.passwordRequirements }),
  })
  .refine((v) => meetsResetRules(v.password, v.confirmPassword), { message: m.passwordRequirements, path: ['password'] });

/** The first message of a failed parse, for forms and the API alike. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.http.badRequest;
}

export type LoginInput = z.input<typeof loginSchema>;
export type SignupInput = z.input<typeof signupSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
