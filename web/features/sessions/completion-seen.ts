/**
 * At your own pace the completion dialog shows once per session (docs/product/sessions-and-games.md#at-your-own-pace):
 * to whoever finishes second, to the other as the completion arrives or on their next visit; after that the
 * completed card. Kept in this browser; storage refused (a private window) shows it again, which is harmless.
 */
const key = (sessionId: string) => `twogether:completion-seen:${sessionId}`;

export function completionSeen(sessionId: string): boolean {
  try {
    return localStorage.getItem(key(sessionId)) !== null;
  } catch {
    return false;
  }
}

export function rememberCompletionSeen(sessionId: string) {
  try {
    localStorage.setItem(key(sessionId), '1');
  } catch {
    // Not kept: the dialog shows again next time.
  }
}
