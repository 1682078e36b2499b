/** Name rules without dependencies, so the app shell can use them without loading the validators. */

/** The username shown when none is stored: the part of the e-mail before the @. */
export function defaultUsername(email: string): string {
  return email.split('@')[0] ?? email;
}

/** First two letters of the username, upper-cased (docs/product/home-and-shell.md#user-menu). */
export function initials(username: string | null | undefined): string {
  const name = (username ?? '').trim() || 'User';
  return name.slice(0, 2).toUpperCase();
}
