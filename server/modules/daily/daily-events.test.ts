import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { answerDaily, type Daily, getDaily } from '@core/contracts/daily';
import { createUser, linkPartners } from '../../../test/app';
import type { TestUser } from '../../../test/api-client';
import { listeningApp } from '../../../test/sockets';

/** The partner's screen follows a daily answer live, and learns its words only once both answered (docs/product/daily-question.md). */
const app = listeningApp();

const daily = (u: TestUser) => app.client.call(getDaily, {}, { as: u });
const answer = (u: TestUser, day: string, text: string) => app.client.call(answerDaily, { params: { day }, body: { answer: text } }, { as: u });

/** Every `daily:answered` a socket receives, kept in order. */
function received(socket: Socket) {
  const events: Daily[] = [];
  const waiters: (() => void)[] = [];
  socket.on('daily:answered', (payload: Daily) => {
    events.push(payload);
    waiters.splice(0).forEach((wake) => wake());
  });
  const count = (n: number) => new Promise<void>((resolve) => (events.length >= n ? resolve() : waiters.push(() => events.length >= n && resolve())));
  return { events, count };
}

describe('daily:answered', () => {
  it("updates the partner's screen, without the answer until both answered, then with the reveal", async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const [sa, sb] = await Promise.all([app.connect(a.cookie), app.connect(b.cookie)]);
    const toA = received(sa);
    const toB = received(sb);
    const { today } = await daily(a);

    await answer(a, today, 'Something only I know');
    await answer(a, today, 'Something else only I know');
    await toB.count(2);
    expect(toB.events.map((e) => e.days[0])).toEqual([
      expect.objectContaining({ day: today, state: 'your_turn', mine: null, partnerAnswered: true, partners: null }),
      expect.objectContaining({ day: today, state: 'your_turn', mine: null, partnerAnswered: true, partners: null }),
    ]);
    // Nothing B received, nor read, before answering carries A's words.
    expect(JSON.stringify([toB.events, await daily(b)])).not.toContain('only I know');

    await answer(b, today, 'And mine');
    await toA.count(1);
    expect(toA.events[0].days[0]).toMatchObject({ state: 'revealed', mine: 'Something else only I know', partners: 'And mine' });
    expect(toA.events[0].answeredTogether).toBe(1);
  });
});
