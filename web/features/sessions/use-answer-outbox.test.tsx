import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionLive, submitAnswer } from '@core/contracts/sessions';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { outboxKey, useAnswerOutbox } from './use-answer-outbox';

/**
 * An answer tapped offline survives a reload (docs/decisions/045-installable-and-offline.md): the outbox keeps every
 * pick in localStorage, per session, until the server has it; a remount (the reload) sends it once the connection is
 * up, unless the session it loaded already holds that answer or has moved past its item.
 */
const ID = 's1';
const pick = { itemId: 'i1', answer: 'a' };
const live: SessionLive = {
  game: 'would_you_rather',
  version: 2,
  session: { status: 'active', currentIndex: 0, completedAt: null, pace: 'live', guessing: false },
  current: { id: 'i1', position: 0, payload: { option_a: 'Tea at dawn', option_b: 'Coffee at dusk' } },
  answers: { mine: 'a', partner: null, partnerAnswered: false, bothAnswered: false },
  progress: null,
  passed: [],
  scores: null,
  knowing: null,
  guess: null,
  nextLevel: null,
};
const kept = () => JSON.parse(localStorage.getItem(outboxKey(ID)) ?? 'null');

function mount(connected: boolean, current?: { itemId: string; mine: unknown }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ up }: { up: boolean }) => useAnswerOutbox(ID, up, current), { wrapper, initialProps: { up: connected } });
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the answer outbox across a reload', () => {
  it('keeps a pick tapped offline on the device, and the reloaded screen sends it once the connection is back', async () => {
    const api = mockFetch([reply(submitAnswer, { json: { itemId: 'i1', bothAnswered: false, live } }, { id: ID })]);
    const before = mount(false, { itemId: 'i1', mine: null });
    act(() => before.result.current.answer(pick));
    expect(before.result.current.kept).toBe('a');
    expect(kept()).toEqual(pick);
    before.unmount(); // the reload, with the server still away

    const after = mount(false, { itemId: 'i1', mine: null });
    expect(after.result.current.kept).toBe('a');
    expect(api.to(submitAnswer)).toEqual([]);
    after.rerender({ up: true });
    await vi.waitFor(() => expect(api.to(submitAnswer, { id: ID }).map((r) => r.body)).toEqual([pick]));
    await vi.waitFor(() => expect(kept()).toBeNull());
    expect(after.result.current.kept).toBeUndefined();
  });

  it('keeps a pick whose request did not get through', async () => {
    mockFetch([reply(submitAnswer, 'offline', { id: ID })]);
    const { result } = mount(true, { itemId: 'i1', mine: null });
    act(() => result.current.answer(pick));
    await vi.waitFor(() => expect(result.current.kept).toBe('a'));
    expect(kept()).toEqual(pick);
  });

  it('sends a pick before it writes it to the device: the write is synchronous, the request is what the partner waits for', async () => {
    const api = mockFetch([reply(submitAnswer, { json: { itemId: 'i1', bothAnswered: false, live } }, { id: ID })]);
    const order: string[] = [];
    const { result } = mount(true, { itemId: 'i1', mine: null });
    const real = localStorage.setItem.bind(localStorage);
    const spy = vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
      order.push(`stored after ${api.sent.length} sent`);
      real(key, value);
    });
    act(() => result.current.answer(pick));
    spy.mockRestore();
    expect(order).toEqual(['stored after 1 sent']);
    expect(kept()).toEqual(pick);
    await vi.waitFor(() => expect(kept()).toBeNull());
  });

  it('sends nothing again when the loaded session already holds the answer', () => {
    const api = mockFetch([]);
    localStorage.setItem(outboxKey(ID), JSON.stringify(pick));
    const { result } = mount(true, { itemId: 'i1', mine: 'a' });
    expect(result.current.kept).toBeUndefined();
    expect(kept()).toBeNull();
    expect(api.sent).toEqual([]);
  });

  it('drops a pick for an item the session has moved past', () => {
    const api = mockFetch([]);
    localStorage.setItem(outboxKey(ID), JSON.stringify(pick));
    const { result } = mount(true, { itemId: 'i2', mine: null });
    expect(result.current.kept).toBeUndefined();
    expect(kept()).toBeNull();
    expect(api.sent).toEqual([]);
  });

  it("keeps each session's pick apart, and ignores what is not a pick", () => {
    localStorage.setItem(outboxKey('other'), JSON.stringify(pick));
    localStorage.setItem(outboxKey(ID), '{"broken"');
    mockFetch([]);
    const { result } = mount(false, { itemId: 'i1', mine: null });
    expect(result.current.kept).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(outboxKey('other'))!)).toEqual(pick);
  });
});
