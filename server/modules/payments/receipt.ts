import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { purchases, users } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { goldReceiptMail } from '../../mail/templates';

/**
 * The Lifetime Gold receipt, a job sent after the purchase commits (docs/decisions/035-job-queue.md): a mail
 * server that refuses it is asked again with backoff (about 30 s, 1, 2, 4 and 8 minutes), then the failure is a
 * logged dead letter. The purchase never waits for it.
 */
export const receiptJob = defineJob<{ purchaseId: string }>('mail.receipt', { retryLimit: 5, retryDelaySeconds: 30, backoff: true, expireInSeconds: 5 * 60 });

/** One receipt per purchase, however often fulfilment reports it. */
export const receiptKey = (purchaseId: string) => `receipt:${purchaseId}`;

export interface ReceiptDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const partners = alias(users, 'partner');

/** Rebuilds the receipt from the purchase and sends it; nothing is sent when the purchase or the account is gone. */
export async function sendReceipt(deps: ReceiptDeps, purchaseId: string): Promise<void> {
  const [row] = await deps.db
    .select({ to: users.email, username: users.name, partnerName: partners.name, amount: purchases.amount, currency: purchases.currency, paidAt: purchases.createdAt })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(purchases.id, purchaseId));
  if (!row) return;
  const { to, username, partnerName, paidAt } = row;
  await deps.mailer.send(goldReceiptMail(to, { username, partnerName, amount: row.amount ?? 0, currency: row.currency ?? 'usd', paidAt, url: `${deps.appUrl}/games` }));
}
