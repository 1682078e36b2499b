/**
 * A partner-invite token kept through login or signup, so that a partner who arrives by link and has to
 * create an account first still ends up linked (docs/product/partners.md#opening-a-link).
 */
const KEY = 'partner_invite_token';

export function rememberInviteToken(token: string) {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    /* storage unavailable: the token still travels in the URL */
  }
}

export function pendingInviteToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearInviteToken() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
