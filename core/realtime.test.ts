import { describe, expect, it } from 'vitest';
import { reconnectDelay, userRoom } from './realtime';

describe('reconnect schedule', () => {
  it('waits 1, 2, 5, then 10 seconds for every further try', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('names one room per user', () => {
    expect(userRoom('u1')).toBe('user:u1');
  });
});
