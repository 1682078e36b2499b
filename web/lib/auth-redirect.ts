/**
 * The path a logged-out visitor asked for, kept under its local-storage key through login or signup
 * (docs/product/accounts.md#where-login-returns-you).
 */
const KEY = 'auth_redirect';

export function rememberRedirect(path: string) {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    /* storage can be unavailable (private mode); the user then lands on / */
  }
}

export function peekRedirect(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Takes the remembered path once; only same-site paths are honoured. */
export function takeRedirect(): string {
  const path = peekRedirect();
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

export const isQuestionSessionPath = (path: string | null) => Boolean(path && /^\/questions\/session\//.test(path));
