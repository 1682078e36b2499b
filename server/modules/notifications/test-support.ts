import { vi } from 'vitest';
import { sendVerificationEmail } from '@core/contracts/auth';
import { createSession, getSession, submitAnswer } from '@core/contracts/sessions';
import type { ApiClient, TestUser } from '../../../test/api-client';
import type { TestApp } from '../../../test/app';

/** Confirms a user's address through the real flow: the verification mail's link, followed. */
export async function verifyAddress(t: TestApp, api: ApiClient, user: TestUser): Promise<void> {
  const before = t.mails.length;
  await api.call(sendVerificationEmail, { body: { email: user.email } }, { as: user });
  await vi.waitFor(() => {
    if (!t.mails.slice(before).some((m) => m.to === user.email)) throw new Error('no verification mail yet');
  });
  const mail = t.mails.slice(before).find((m) => m.to === user.email)!;
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  const res = await t.app.inject({ url: link.pathname + link.search });
  if (res.statusCode !== 302) throw new Error(`verification answered ${res.statusCode}`);
}

/** An own-pace session of `host`'s in which `host` answered the first item and `partner` nothing: host is ahead. */
export async function sessionAheadBy(api: ApiClient, host: TestUser, partner: TestUser): Promise<string> {
  const levelId = await api.openLevelId(host, 'would_you_rather');
  const { session } = await api.call(createSession, { body: { levelId, pace: 'own' } }, { as: host });
  const { current } = await api.call(getSession, { params: { id: session.id } }, { as: partner });
  await api.call(submitAnswer, { params: { id: session.id }, body: { answer: 'a', itemId: current!.id } }, { as: host });
  return session.id;
}

/** Mails to an address, in the order sent. */
export const mailsTo = (t: TestApp, to: string) => t.mails.filter((m) => m.to === to);
