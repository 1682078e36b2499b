import type { getMe, Me } from '@core/contracts/account';
import type { SuccessAnswer } from './fetch-mock';

/** Hana, Milo's linked partner in the component tests. */
export const HANA = { id: 'u-p', username: 'Hana', linkedAt: '2026-02-01T00:00:00.000Z' };

/** The signed-in user as /api/me describes them: Milo, linked with Hana, on the free plan unless told otherwise. */
export const meOf = (overrides: Partial<Me> = {}): Me => ({
  id: 'u-me',
  username: 'Milo',
  email: 'milo@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  partner: HANA,
  gold: false,
  timeZone: 'Europe/Paris',
  emailVerified: true,
  ...overrides,
});

/** /api/me's answer for that user, for `reply(getMe, …)`. */
export const meReply = (overrides: Partial<Me> = {}): SuccessAnswer<typeof getMe> => ({ json: { user: meOf(overrides) } });
/** /api/me's answer for a visitor. */
export const visitorReply: SuccessAnswer<typeof getMe> = { json: { user: null } };
