import { UserCache, type InvalidationBus } from '../cache/invalidation';
import type { Auth } from './auth';

export interface Viewer {
  id: string;
  email: string;
}

export interface ViewerLookup {
  viewer: Viewer | null;
  /** Set-Cookie headers from Better Auth when it extended the session: the browser's cookie must follow. */
  setCookies: string[];
}

/** Our session cookie, under its plain or its __Secure- name. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?twogether\.session_token=([^;]+)/;
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Who a session cookie belongs to, remembered for a minute so that a busy player's every click does not cost
 * two database reads (Better Auth's session and user lookups). The key is the whole signed cookie value, and
 * only a value Better Auth has accepted is ever stored. Signing out, a password reset (which revokes every
 * session) and deleting the account publish an 'auth' invalidation for the user, in every process; an entry
 * never outlives the session's own expiry.
 */
export function createViewerCache(auth: Auth, bus: InvalidationBus) {
  const cache = new UserCache<string, Viewer>({ ttlMs: TTL_MS, max: MAX_ENTRIES });
  bus.subscribe('auth', (userIds) => cache.invalidate(userIds));

  return {
    async lookup(cookieHeader: string | undefined): Promise<ViewerLookup> {
      const token = cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
      if (!token) return { viewer: null, setCookies: [] };
      const hit = cache.get(token);
      if (hit) return { viewer: hit, setCookies: [] };
      const since = cache.stamp();
      const { headers, response } = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader! }), returnHeaders: true });
      const setCookies = headers.getSetCookie();
      if (!response) return { viewer: null, setCookies };
      const viewer = { id: response.user.id, email: response.user.email };
      // A refreshed session comes with a new cookie; the next request will carry it and be looked up afresh.
      if (setCookies.length === 0) cache.set(token, [viewer.id], viewer, since, new Date(response.session.expiresAt).getTime());
      return { viewer, setCookies };
    },
    /** The user's sessions changed (signed out, revoked, deleted): every process forgets them. */
    forget(userId: string) {
      bus.publish({ topic: 'auth', userIds: [userId] });
    },
    get size() {
      return cache.size;
    },
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
