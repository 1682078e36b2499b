import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionInvite } from '@core/contracts/session-invites';
import { invitesQueryOptions, prependCachedInvite } from './get-invites';

const invite = (id: string, expiresAt: string): SessionInvite => ({
  id,
  sessionId: `session-${id}`,
  game: 'would_you_rather',
  status: 'pending',
  sender: { id: 'alice', username: 'Alice' },
  createdAt: '2025-01-01T10:00:00.000Z',
  expiresAt,
});

describe('the bell list', () => {
  it('replaces an invitation sent again instead of listing it twice, and puts it on top', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(invitesQueryOptions.queryKey, { invites: [invite('b', '2025-01-02T09:00:00.000Z'), invite('a', '2025-01-02T08:00:00.000Z')] });
    prependCachedInvite(queryClient, invite('a', '2025-01-02T11:00:00.000Z'));
    const { invites } = queryClient.getQueryData(invitesQueryOptions.queryKey)!;
    expect(invites.map((i) => [i.id, i.expiresAt])).toEqual([
      ['a', '2025-01-02T11:00:00.000Z'],
      ['b', '2025-01-02T09:00:00.000Z'],
    ]);
  });
});
