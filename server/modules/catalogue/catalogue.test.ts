import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestApp, createTestApp, createUser } from '../../../test/app';
import { purchases } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('GET /api/games/:gameType/categories', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/games/wyr/categories' })).statusCode).toBe(401);
  });

  it("accepts the aliases and refuses anything else with 'Unknown game type'", async () => {
    const user = await createUser(t.app);
    const headers = { cookie: user.cookie };
    const wyr = await t.app.inject({ url: '/api/games/wyr/categories', headers });
    expect(wyr.statusCode).toBe(200);
    expect(wyr.json().game).toBe('would_you_rather');
    const bad = await t.app.inject({ url: '/api/games/chess/categories', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'UNKNOWN_GAME_TYPE', message: messages.game.unknownGameType });
  });

  it('opens only free levels on the free plan, and level 1 everywhere with Gold', async () => {
    const user = await createUser(t.app);
    const free = (await t.app.inject({ url: '/api/games/questions/categories', headers: { cookie: user.cookie } })).json();
    const levels = free.categories.flatMap((c: { levels: { free: boolean; lock: string; number: number }[] }) => c.levels);
    // Both kinds must be there, or the rule below would hold of an empty list.
    expect(levels.map((l: { free: boolean }) => l.free)).toEqual(expect.arrayContaining([true, false]));
    expect(levels.every((l: { free: boolean; lock: string }) => (l.free ? l.lock === 'open' : l.lock === 'gold'))).toBe(true);

    await t.database.db.insert(purchases).values({ userId: user.id, provider: 'local', providerRef: `test-${user.id}` });
    const gold = (await t.app.inject({ url: '/api/games/questions/categories', headers: { cookie: user.cookie } })).json();
    expect(gold.gold).toBe(true);
    const goldLevels = gold.categories.flatMap((c: { levels: { lock: string; number: number }[] }) => c.levels);
    const firstLevels = goldLevels.filter((l: { number: number }) => l.number === 1);
    expect(firstLevels.length).toBe(free.categories.length);
    expect(firstLevels.every((l: { lock: string }) => l.lock === 'open')).toBe(true);
    expect(goldLevels.some((l: { lock: string }) => l.lock === 'progress')).toBe(true);
  });
});
