import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from '../cache/invalidation';
import type { Auth } from './auth';
import { createViewerCache } from './viewer-cache';

/** Better Auth as the cache sees it: one valid session, whose cookie value is `tok.sig`. */
function fakeAuth(accepts: (cookieHeader: string) => boolean) {
  const calls: string[] = [];
  const auth = {
    $context: Promise.resolve({ authCookies: { sessionToken: { name: 'twogether.session_token' } } }),
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        const cookie = headers.get('cookie') ?? '';
        calls.push(cookie);
        const ok = accepts(cookie);
        return {
          headers: new Headers(),
          response: ok ? { user: { id: 'u1', email: 'a@example.com' }, session: { token: 'tok', expiresAt: new Date(Date.now() + 3_600_000) } } : null,
        };
      },
    },
  };
  return { auth: auth as unknown as Auth, calls };
}

describe('the signed-in session cache', () => {
  it('asks Better Auth once per session, then answers from memory until told to forget', async () => {
    const bus = createInvalidationBus();
    const { auth, calls } = fakeAuth((c) => c.includes('tok.sig'));
    const cache = createViewerCache(auth, bus);
    for (let i = 0; i < 3; i++) expect((await cache.lookup('twogether.session_token=tok.sig')).viewer?.id).toBe('u1');
    expect(calls).toHaveLength(1);
    // The same cookie quoted or percent-encoded is the same key, as Better Auth reads it.
    expect((await cache.lookup('other=1; twogether.session_token="tok.sig"')).viewer?.id).toBe('u1');
    expect((await cache.lookup('twogether.session_token=tok%2Esig')).viewer?.id).toBe('u1');
    expect(calls).toHaveLength(1);
    // A header seen before is answered at once, and forgotten with its session.
    expect(cache.cached('twogether.session_token=tok.sig')?.id).toBe('u1');
    expect(cache.cached('twogether.session_token=never.seen')).toBeUndefined();
    bus.publish({ topic: 'auth', userIds: ['u1'] });
    expect(cache.cached('twogether.session_token=tok.sig')).toBeUndefined();
    await cache.lookup('twogether.session_token=tok.sig');
    expect(calls).toHaveLength(2);
  });

  it('never stores a value that is not the session Better Auth accepted', async () => {
    const bus = createInvalidationBus();
    // As if Better Auth had read another cookie of the header than ours (a second name, a duplicate).
    const { auth, calls } = fakeAuth(() => true);
    const cache = createViewerCache(auth, bus);
    await cache.lookup('twogether.session_token=EVIL; __Secure-twogether.session_token=tok.sig');
    await cache.lookup('twogether.session_token=EVIL');
    expect(calls).toHaveLength(2);
    await cache.lookup(`twogether.session_token=tok.sig${' '.repeat(300)}x`);
    await cache.lookup(`twogether.session_token=tok.sig${' '.repeat(300)}x`);
    expect(calls).toHaveLength(4);
  });

  it('reads only our cookie name: another name is no session at all', async () => {
    const { auth, calls } = fakeAuth(() => true);
    const cache = createViewerCache(auth, createInvalidationBus());
    expect((await cache.lookup('__Secure-twogether.session_token=tok.sig')).viewer).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('asks Better Auth on every lookup while the bus cannot deliver (Redis away): a sign-out elsewhere could go unheard', async () => {
    const { auth, calls } = fakeAuth((c) => c.includes('tok.sig'));
    let reliable = false;
    const cache = createViewerCache(auth, { ...createInvalidationBus(), reliable: () => reliable });
    for (let i = 0; i < 2; i++) expect((await cache.lookup('twogether.session_token=tok.sig')).viewer?.id).toBe('u1');
    expect(calls).toHaveLength(2);
    reliable = true;
    for (let i = 0; i < 2; i++) await cache.lookup('twogether.session_token=tok.sig');
    expect(calls).toHaveLength(3);
  });

  it('forgets everything on a resync', async () => {
    const { auth, calls } = fakeAuth((c) => c.includes('tok.sig'));
    const bus = createInvalidationBus();
    let resync = () => {};
    const spy = { ...bus, onResync: (fn: () => void) => void (resync = fn) };
    const cache = createViewerCache(auth, spy);
    await cache.lookup('twogether.session_token=tok.sig');
    resync();
    await cache.lookup('twogether.session_token=tok.sig');
    expect(calls).toHaveLength(2);
  });
});
