import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Clock } from '../../clock';
import { type Db, type Tx, rowsOf } from '../../db/client';
import { paymentRevocations, processedPaymentEvents, purchases, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Realtime } from '../../realtime/server';
import { receiptJob, receiptKey } from './receipt';
import type { PaymentProviderName } from './stripe-client';

/** Set on every checkout session the app creates for Lifetime Gold; fulfilment takes no other. */
export const GOLD_PLAN = 'lifetime_gold';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProviderName;
  realtime: Realtime;
  bus: InvalidationBus;
  /** The receipt goes out as a job (receipt.ts). */
  jobs: Pick<JobQueue, 'send'>;
  log: FastifyBaseLogger;
  /** When a purchase began or ended. */
  clock: Clock;
}

/** A provider event, applied at most once (by its id). */
export interface PaymentEvent {
  id: string;
  type: string;
}

/** Gold for a couple before and after a write: `plan:changed` goes out only where it differs. */
interface PlanChange {
  userId: string;
  partnerId: string | null;
  before: boolean;
  after: boolean;
}

interface Outcome {
  changes: PlanChange[];
  /** The purchase whose receipt is owed. */
  receipt?: string;
}

export type Applied = 'applied' | 'duplicate' | 'ignored';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Serialises everything that concerns one payment (its completion, its refund, its dispute) across processes and
 * connections, so a refund racing its completion cannot slip between the completion's check and its insert.
 */
const lockPayment = (tx: Tx, provider: PaymentProviderName, paymentIntent: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${provider}:${paymentIntent}`}, 0))`);

/** Whether the user or their partner has an active purchase (docs/product/plans.md#who-has-gold). */
async function coupleGold(tx: Tx, userId: string, partnerId: string | null): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from purchases pu where pu.status = 'active' and (pu.user_id = ${userId} or pu.user_id = ${partnerId})) as gold`);
  return Boolean(rowsOf<{ gold: boolean }>(result)[0]?.gold);
}

/** The user locked against a concurrent link or unlink, so the partner told is the partner of the commit. */
async function lockUser(tx: Tx, userId: string) {
  const [user] = await tx.select({ id: users.id, partnerId: users.partnerId }).from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * Records a paid Lifetime Gold checkout as the buyer's purchase, keyed by the checkout session's id. A payment
 * already refunded or lost in a dispute (its event came first) is recorded as such and grants nothing. Null when
 * the purchase was recorded before, or the buyer's account is gone.
 */
async function recordPurchase(tx: Tx, provider: PaymentProviderName, session: Stripe.Checkout.Session, now: Date): Promise<Outcome | null> {
  const userId = session.client_reference_id!;
  const paymentIntent = idOf(session.payment_intent);
  if (paymentIntent) await lockPayment(tx, provider, paymentIntent);
  const buyer = await lockUser(tx, userId);
  if (!buyer) return null;
  const [ended] = paymentIntent
    ? await tx
        .select({ reason: paymentRevocations.reason })
        .from(paymentRevocations)
        .where(and(eq(paymentRevocations.provider, provider), eq(paymentRevocations.paymentIntent, paymentIntent)))
    : [];
  const before = await coupleGold(tx, buyer.id, buyer.partnerId);
  const amount = session.amount_total ?? 0;
  const currency = session.currency ?? 'usd';
  const inserted = await tx
    .insert(purchases)
    .values({ userId, provider, providerRef: session.id, paymentIntent, amount, currency, status: ended?.reason ?? 'active', createdAt: now, endedAt: ended ? now : null })
    .onConflictDoNothing()
    .returning({ id: purchases.id });
  if (!inserted.length) return null;
  const change = { userId, partnerId: buyer.partnerId, before, after: before || !ended };
  if (ended) return { changes: [change] };
  return { changes: [change], receipt: inserted[0].id };
}

/**
 * Ends the purchase(s) of a payment: a full refund ('refunded') or a lost dispute ('revoked'). The payment is
 * remembered even when no purchase names it yet, so its completion, arriving later, grants nothing.
 */
async function recordRevocation(tx: Tx, provider: PaymentProviderName, paymentIntent: string, reason: 'refunded' | 'revoked', now: Date): Promise<Outcome> {
  await lockPayment(tx, provider, paymentIntent);
  await tx.insert(paymentRevocations).values({ provider, paymentIntent, reason }).onConflictDoNothing();
  const ofPayment = and(eq(purchases.provider, provider), eq(purchases.paymentIntent, paymentIntent), eq(purchases.status, 'active'));
  const owners = await tx.selectDistinct({ userId: purchases.userId }).from(purchases).where(ofPayment);
  const changes: PlanChange[] = [];
  for (const { userId } of owners) {
    const owner = await lockUser(tx, userId);
    if (!owner) continue;
    const before = await coupleGold(tx, owner.id, owner.partnerId);
    await tx
      .update(purchases)
      .set({ status: reason, endedAt: now })
      .where(and(ofPayment, eq(purchases.userId, userId)));
    changes.push({ userId, partnerId: owner.partnerId, before, after: await coupleGold(tx, owner.id, owner.partnerId) });
  }
  return { changes };
}

/** After the commit: both partners' screens hear the new plan, their dashboards are dropped, the buyer's receipt is queued. */
async function announce(deps: PaymentDeps, outcome: Outcome) {
  for (const change of outcome.changes) {
    if (change.before === change.after) continue;
    const couple = change.partnerId ? [change.userId, change.partnerId] : [change.userId];
    deps.bus.publish({ topic: 'dashboard', userIds: couple });
    for (const id of couple) deps.realtime.toUser(id, 'plan:changed', { gold: change.after });
  }
  const purchaseId = outcome.receipt;
  if (!purchaseId) return;
  try {
    // Stored durably, then sent and retried by the queue; the key makes a second report of this purchase no second mail.
    await deps.jobs.send(receiptJob, { purchaseId }, { key: receiptKey(purchaseId) });
  } catch (err) {
    // The purchase stands; only a database that refuses the job itself loses the receipt.
    deps.log.error({ err, purchaseId }, 'the Lifetime Gold receipt could not be queued');
  }
}

/**
 * Runs `effect` in one transaction whose first statement records the event's id: a repeated event finds it and
 * changes nothing. Without an event (the success page's reconcile) the effect's own keys make it idempotent.
 */
async function applyOnce(deps: PaymentDeps, event: PaymentEvent | undefined, effect: (tx: Tx) => Promise<Outcome | null>): Promise<Applied> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (event) {
      const first = await tx.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: processedPaymentEvents.eventId });
      if (!first.length) return 'duplicate' as const;
    }
    return effect(tx);
  });
  if (outcome === 'duplicate') return outcome;
  if (!outcome) return 'ignored';
  await announce(deps, outcome);
  return 'applied';
}

/** A checkout session the app created for Lifetime Gold, and paid. */
export function isPaidGoldCheckout(session: Stripe.Checkout.Session): boolean {
  return session.mode === 'payment' && session.payment_status === 'paid' && session.metadata?.plan === GOLD_PLAN && typeof session.client_reference_id === 'string';
}

/**
 * The one fulfilment of a Lifetime Gold checkout, from the webhook and from the success page's reconcile alike:
 * idempotent on the checkout session (and on the event, when there is one). Anything but a paid Gold checkout is
 * ignored.
 */
export function fulfil(deps: PaymentDeps, session: Stripe.Checkout.Session, event?: PaymentEvent): Promise<Applied> {
  if (!isPaidGoldCheckout(session)) return Promise.resolve('ignored');
  return applyOnce(deps, event, (tx) => recordPurchase(tx, deps.provider, session, deps.clock.now()));
}

/** Ends Gold bought with this payment: a full refund, or a dispute lost. */
export function revoke(deps: PaymentDeps, paymentIntent: string | { id: string } | null, reason: 'refunded' | 'revoked', event: PaymentEvent): Promise<Applied> {
  const id = idOf(paymentIntent);
  if (!id) return Promise.resolve('ignored');
  return applyOnce(deps, event, (tx) => recordRevocation(tx, deps.provider, id, reason, deps.clock.now()));
}

/** Whether Gold is active for the user, and whose purchase it is (theirs first). */
export async function goldOf(db: Db, userId: string): Promise<{ gold: false } | { gold: true; buyer: 'you' | 'partner' }> {
  const result = await db.execute(sql`
    select exists (select 1 from purchases pu where pu.status = 'active' and pu.user_id = u.id) as own,
           exists (select 1 from purchases pu where pu.status = 'active' and pu.user_id = u.partner_id) as partner
    from users u where u.id = ${userId}`);
  const [row] = rowsOf<{ own: boolean; partner: boolean }>(result);
  if (row?.own) return { gold: true, buyer: 'you' };
  if (row?.partner) return { gold: true, buyer: 'partner' };
  return { gold: false };
}
