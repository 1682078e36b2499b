import { expect } from 'vitest';
import { type ApiClient, createCouple, type TestUser } from './api-client';
import { createSession } from '../core/contracts/sessions';

/**
 * Two partners answering through the app's HTTP API, each at their own pace in question sessions, one answer after
 * the other's acknowledgement, for as long as a test needs (docs/decisions/038-backups.md: a backup taken while
 * they answer). Every answer is a text of its own, so that a restored database can be read for it.
 */
export interface Answer {
  sessionId: string;
  text: string;
  /** Acknowledged (the POST answered 200) before the test's mark, e.g. before the backup began. */
  beforeMark: boolean;
}

export interface AnsweringCouple {
  partners: [TestUser, TestUser];
  sessions: string[];
  /** Each partner's answers in the order they were sent (each sent once the one before was acknowledged). */
  sent: [string[], string[]];
  acknowledged: [Answer[], Answer[]];
  /** Resolves once each partner has had `n` answers acknowledged. */
  reached(n: number): Promise<void>;
  /** From now on, acknowledgements are after the mark. */
  mark(): void;
  /** Ends both loops after their current answer; rejects with the first request that failed. */
  stop(): Promise<void>;
}

export async function startAnswering(client: ApiClient): Promise<AnsweringCouple> {
  const partners = await createCouple(client);
  const sessions: string[] = [];
  const creating: Promise<string>[] = [];
  const sent: [string[], string[]] = [[], []];
  const acknowledged: [Answer[], Answer[]] = [[], []];
  let marked = false;
  let stopped = false;
  const waiters: { n: number; resolve: () => void }[] = [];
  const levelId = await client.openLevelId(partners[0], 'questions');

  /** The n-th session, created by whichever partner needs it first. */
  const sessionAt = (n: number, as: TestUser) =>
    (creating[n] ??= client.call(createSession, { body: { levelId, pace: 'own' } }, { as }).then(({ session }) => ((sessions[n] = session.id), session.id)));

  async function play(who: 0 | 1) {
    const me = partners[who];
    for (let n = 0; !stopped; n++) {
      const sessionId = await sessionAt(n, me);
      let current = (await client.snapshot(sessionId, me)).current;
      while (current && !stopped) {
        const text = `${me.username} says ${sent[who].length + 1}`;
        sent[who].push(text);
        await client.answer(sessionId, text, { as: me, itemId: current.id });
        acknowledged[who].push({ sessionId, text, beforeMark: !marked });
        for (const waiter of waiters.filter((w) => acknowledged[0].length >= w.n && acknowledged[1].length >= w.n)) waiter.resolve();
        current = (await client.move(sessionId, 'next', { as: me })).live.current;
      }
    }
  }
  const loops = Promise.all([play(0), play(1)]);
  // A failure is reported by stop(); until then it must not be an unhandled rejection.
  loops.catch(() => {});

  return {
    partners,
    sessions,
    sent,
    acknowledged,
    reached: (n) => new Promise<void>((resolve) => waiters.push({ n, resolve })),
    mark: () => void (marked = true),
    async stop() {
      stopped = true;
      await loops;
    },
  };
}

/** Each partner's answers as the app now serves them: what each sees as their own in every session of the couple. */
export async function answersServed(client: ApiClient, couple: AnsweringCouple): Promise<[string[], string[]]> {
  const served: [string[], string[]] = [[], []];
  for (const who of [0, 1] as const) {
    const me = couple.partners[who];
    for (const sessionId of couple.sessions) {
      const reply = await client.send('GET', `/api/sessions/${sessionId}`, { as: me });
      if (reply.status === 404) continue; // created after the backup was taken
      expect(reply.status).toBe(200);
      const snapshot = reply.json as { passed: { mine: unknown }[]; answers: { mine: unknown } };
      for (const answer of [...snapshot.passed.map((p) => p.mine), snapshot.answers.mine]) if (typeof answer === 'string') served[who].push(answer);
    }
  }
  return served;
}

/**
 * What a backup taken after the mark must restore: every answer acknowledged before the mark, and for each partner
 * exactly the first answers they sent (a point in time: no answer without the ones sent before it).
 */
export function expectRestoredFromMark(couple: AnsweringCouple, served: [string[], string[]]) {
  for (const who of [0, 1] as const) {
    const before = couple.acknowledged[who].filter((a) => a.beforeMark).map((a) => a.text);
    expect(before.length).toBeGreaterThan(0);
    const restored = new Set(served[who]);
    expect(before.filter((text) => !restored.has(text))).toEqual([]);
    expect(served[who].length).toBe(restored.size);
    expect([...restored].sort()).toEqual(couple.sent[who].slice(0, restored.size).sort());
  }
}
