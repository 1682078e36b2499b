import { parseCookies } from 'better-auth/cookies';
import type { InvalidationBus } from '../cache/invalidation';
import { busCache } from '../cache/user-cache';
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

/** A safety net only: every revocation the app can make is published (docs/decisions/024-viewer-cache-ten-minutes.md). */
const TTL_MS = 10 * 60_000;
/** A signed session cookie is about 80 characters; anything much longer is not one, and is never cached. */
const MAX_COOKIE_VALUE = 256;
/** Cookie headers up to this length have their parse remembered; a longer one is parsed each time. */
const MAX_COOKIE_HEADER = 1024;
const MAX_ENTRIES = 50_000;

/**
 * Who a session cookie belongs to, remembered for up to ten minutes so that a player's every click does not cost
 * two database reads (Better Auth's session and user lookups). The cookie is read as Better Auth reads it (its
 * parser, the exact configured name), and the decoded value is stored only when its token is the very session
 * Better Auth just accepted: no other cookie, spelling or padding of a value can become a key. Signing out, a
 * password reset (which revokes every session) and deleting the account publish an 'auth' invalidation for the
 * user, in every process; an entry never outlives the session's own expiry. While Redis is away every lookup
 * asks Better Auth, which reads PostgreSQL: a sign-out elsewhere may go unheard, a database read cannot be stale.
 */
export function createViewerCache(auth: Auth, bus: InvalidationBus) {
  const cache = busCache<string, Viewer>(bus, 'auth', { ttlMs: TTL_MS, max: MAX_ENTRIES });
  let cookieName: Promise<string> | undefined;
  let knownName: string | undefined;
  // A browser sends the same Cookie header on every request. Once a header has led to a signed-in viewer, the value
  // Better Auth's parser read from it is kept: parsing is a pure function of the header, so this changes no answer,
  // it only spares the parse. Only headers of live sessions are kept, so a stranger cannot fill it.
  const values = new Map<string, string>();
  const remember = (cookieHeader: string, value: string) => {
    if (cookieHeader.length > MAX_COOKIE_HEADER || values.has(cookieHeader)) return;
    if (values.size >= MAX_ENTRIES) values.delete(values.keys().next().value!);
    values.set(cookieHeader, value);
  };

  async function sessionValue(cookieHeader: string): Promise<string | undefined> {
    cookieName ??= auth.$context.then((ctx) => (knownName = ctx.authCookies.sessionToken.name));
    return parseCookies(cookieHeader).get(knownName ?? (await cookieName));
  }

  return {
    /** The viewer of a header already seen, from memory and at once (no promise), or undefined: then `lookup`. */
    cached(cookieHeader: string | undefined): Viewer | undefined {
      const value = cookieHeader === undefined ? undefined : values.get(cookieHeader);
      return value === undefined ? undefined : cache.get(value);
    },
    async lookup(cookieHeader: string | undefined): Promise<ViewerLookup> {
      if (!cookieHeader) return { viewer: null, setCookies: [] };
      const value = values.get(cookieHeader) ?? (await sessionValue(cookieHeader));
      if (!value) return { viewer: null, setCookies: [] };
      const hit = cache.get(value);
      if (hit) {
        remember(cookieHeader, value);
        return { viewer: hit, setCookies: [] };
      }
      const since = cache.stamp();
      const { headers, response } = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }), returnHeaders: true });
      const setCookies = headers.getSetCookie();
      if (!response) return { viewer: null, setCookies };
      const viewer = { id: response.user.id, email: response.user.email };
      // A refreshed session comes with a new cookie; the next request will carry it and be looked up afresh.
      const isThisSession = value.length <= MAX_COOKIE_VALUE && value.split('.')[0] === response.session.token;
      if (setCookies.length === 0 && isThisSession) cache.set(value, [viewer.id], viewer, since, new Date(response.session.expiresAt).getTime());
      return { viewer, setCookies };
    },
    get size() {
      return cache.size;
    },
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
