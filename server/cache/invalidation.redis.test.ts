import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from './invalidation';
import { closeRedis, connectRedis } from './redis';

/**
 * Two processes' buses on the shared test Redis. One process's connection is cut and restored (the others keep
 * theirs), as when only its network to Redis fails: what it published meanwhile must still arrive. Each test has a
 * channel of its own: the apps of other test files, running at the same time on the same Redis, publish on theirs.
 */
const url = process.env.TEST_REDIS_URL!;
const opened: { client: Redis; bus?: InvalidationBus }[] = [];
let channel = '';
beforeEach(() => {
  channel = `twogether:invalidate:test:${randomUUID()}`;
});

async function process_() {
  const client = await connectRedis(url);
  const bus = createInvalidationBus(client, undefined, channel);
  const heard: string[][] = [];
  let resyncs = 0;
  bus.subscribe('dashboard', (ids) => heard.push(ids));
  bus.onResync(() => resyncs++);
  opened.push({ client, bus });
  return { client, bus, heard, resyncs: () => resyncs };
}

/** A sender and a receiver, both listening, and the sender's connection cut. */
async function twoProcessesOneCut() {
  const sender = await process_();
  const receiver = await process_();
  await expect.poll(() => sender.bus.reliable() && receiver.bus.reliable()).toBe(true);
  const resyncs = { sender: sender.resyncs(), receiver: receiver.resyncs() };
  await cut(sender.client);
  return { sender, receiver, resyncs };
}

/** Closes the connection, with no reconnection until `connect()`. */
async function cut(client: Redis) {
  const ended = new Promise((resolve) => client.once('end', resolve));
  client.disconnect();
  await ended;
}

afterEach(async () => {
  for (const { client, bus } of opened.splice(0)) {
    await bus?.close();
    await closeRedis(client);
  }
});

describe('the invalidation bus through a lost connection', () => {
  it('keeps what it could not send, is unreliable meanwhile, and sends it when the connection is back', async () => {
    const { sender, receiver, resyncs } = await twoProcessesOneCut();
    sender.bus.publish({ topic: 'dashboard', userIds: ['u1'] });
    expect(sender.heard).toEqual([['u1']]); // this process forgets at once
    expect(sender.bus.reliable()).toBe(false);
    expect(receiver.heard).toEqual([]);

    await sender.client.connect();
    await expect.poll(() => receiver.heard).toEqual([['u1']]);
    // Trust comes back only with a resync: the sender's caches may have missed others' messages.
    await expect.poll(() => sender.bus.reliable()).toBe(true);
    expect(sender.resyncs()).toBe(resyncs.sender + 1);
  });

  it('tells the others to forget everything when more piled up than it keeps', async () => {
    const { sender, receiver, resyncs } = await twoProcessesOneCut();
    for (let i = 0; i < 1_001; i++) sender.bus.publish({ topic: 'dashboard', userIds: [`u${i}`] });
    await sender.client.connect();
    await expect.poll(() => receiver.resyncs()).toBe(resyncs.receiver + 1);
    expect(receiver.heard).toEqual([]);
  });

  it("hears its own channel only: another deployment's buses on the same Redis are not heard", async () => {
    const mine = await process_();
    await expect.poll(() => mine.bus.reliable()).toBe(true);
    const other = await connectRedis(url);
    opened.push({ client: other });
    if (other.status !== 'ready') await new Promise((resolve) => other.once('ready', resolve));
    // One connection, in order: once the second is heard, the first would have been too.
    await other.publish(`${channel}:other`, JSON.stringify({ topic: 'dashboard', userIds: ['theirs'] }));
    await other.publish(channel, JSON.stringify({ topic: 'dashboard', userIds: ['ours'] }));
    await expect.poll(() => mine.heard).toEqual([['ours']]);
  });
});
