import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { localCheckoutSessions } from '../../db/schema';
import { loadStripe } from './sdk';

/**
 * The local payment provider (docs/decisions/020-payments-local-provider.md): the part of Stripe's API the app
 * calls, answered from this database, and the events Stripe would send, signed as Stripe signs them and delivered
 * to the app's webhook over HTTP. Local mode and tests only; the configuration refuses it in production.
 */

/** The checkout session as Stripe's API returns it, in the fields the app and the hosted page read. */
export interface LocalCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface LineItem {
  name: string;
  quantity: number;
  unitAmount: number;
}

/** Stripe's error body: the SDK turns it into the matching error class. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'authentication_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, message: this.message, ...(this.param ? { param: this.param } : {}), ...(this.code ? { code: this.code } : {}) } };
  }
}

const SESSION_LIFETIME_S = 24 * 60 * 60;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
// oxlint-disable-next-line twogether/no-wall-clock -- the local provider stands in for Stripe's clock (decision 032).
const now = () => Math.floor(Date.now() / 1000);

const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
/** What the app may ask for; a parameter Stripe would take but the app never sends is refused, to keep this honest. */
const createParams = z.strictObject({
  mode: z.literal('payment'),
  line_items: z
    .array(
      z.strictObject({
        quantity: count(99).pipe(z.number().min(1)),
        price_data: z.strictObject({
          currency: z.string().regex(/^[a-z]{3}$/),
          unit_amount: count(99_999_999),
          product_data: z.strictObject({ name: z.string().min(1).max(250) }),
        }),
      }),
    )
    .min(1)
    .max(10),
  client_reference_id: z.string().min(1).max(200).optional(),
  customer_email: z.string().max(320).optional(),
  metadata: z.record(z.string().min(1).max(40), z.string().max(500)).optional(),
  success_url: httpUrl,
  cancel_url: httpUrl,
});

export interface LocalProviderOptions {
  db: Db;
  /** Where the hosted page is (`{appUrl}/local-pay/checkout/:id`) and where events go (`{appUrl}/api/payments/webhook`). */
  appUrl: string;
  webhookSecret: string;
  log: FastifyBaseLogger;
  /** Waits between delivery attempts of one event (tests shorten them). */
  retryDelaysMs?: number[];
}

export type PayOutcome =
  | { kind: 'paid'; session: LocalCheckoutSession; delivered: boolean }
  | { kind: 'declined'; message: string }
  | { kind: 'closed'; session: LocalCheckoutSession }
  | { kind: 'missing' };

/** The test cards (https://docs.stripe.com/testing): this one is declined; any other valid number pays. */
export const DECLINED_CARD = '4000000000000002';

/** A card number a payment form would accept: 12 to 19 digits with a valid Luhn check digit. */
function validCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why a card cannot pay, as a hosted checkout says it; null when it pays. */
// oxlint-disable-next-line twogether/no-wall-clock -- the provider judges a card's expiry by its own clock (decision 032).
export function cardProblem(card: { number?: unknown; expiry?: unknown; cvc?: unknown }, today = new Date()): string | null {
  const digits = typeof card.number === 'string' ? card.number.replace(/[\s-]/g, '') : '';
  if (!validCardNumber(digits)) return 'Your card number is incorrect.';
  const expiry = typeof card.expiry === 'string' ? /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry) : null;
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) return "Your card's expiration year is in the past.";
  if (typeof card.cvc !== 'string' || !/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (digits === DECLINED_CARD) return 'Your card was declined. Try the test card 4242 4242 4242 4242.';
  return null;
}

/** Where the browser goes after paying: the success URL with the session's id in place of its placeholder, as Stripe does. */
export const successUrlOf = (session: LocalCheckoutSession) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

export function createLocalProvider(opts: LocalProviderOptions) {
  const { db, appUrl, webhookSecret, log } = opts;
  const retryDelaysMs = opts.retryDelaysMs ?? [0, 300, 1_500];

  async function find(sessionId: string) {
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    if (!row) return null;
    const session = row.session as LocalCheckoutSession;
    // An open checkout expires after a day, as Stripe's do.
    if (session.status === 'open' && session.expires_at < now()) session.status = 'expired';
    return { session, lineItems: row.lineItems as LineItem[] };
  }

  async function byIdempotencyKey(key: string, requestHash: string): Promise<LocalCheckoutSession | null> {
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.idempotencyKey, key));
    if (!row) return null;
    if (row.requestHash !== requestHash) {
      throw new StripeApiError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    return row.session as LocalCheckoutSession;
  }

  /**
   * The hosted page's Pay, without the event: the session becomes complete and paid, with a payment intent. Null
   * when it was not open (paid already, expired, unknown). Tests call it to stand for a webhook that never came.
   */
  async function complete(sessionId: string): Promise<LocalCheckoutSession | null> {
    const found = await find(sessionId);
    if (!found || found.session.status !== 'open') return null;
    const email = found.session.customer_email;
    const paid: LocalCheckoutSession = { ...found.session, status: 'complete', payment_status: 'paid', payment_intent: id('pi_local'), customer_details: { email } };
    const [row] = await db
      .update(localCheckoutSessions)
      .set({ session: paid })
      .where(and(eq(localCheckoutSessions.id, sessionId), sql`${localCheckoutSessions.session}->>'status' = 'open'`))
      .returning({ id: localCheckoutSessions.id });
    return row ? paid : null;
  }

  /** Stripe's event envelope around an object, signed and POSTed to the app's webhook, retried a few times. */
  async function deliver(type: string, object: object): Promise<boolean> {
    const Stripe = await loadStripe();
    const event = {
      id: id('evt_local'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    for (const delay of retryDelaysMs) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const res = await fetch(`${appUrl}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return true;
        log.warn({ eventId: event.id, type, status: res.status }, 'the local payment provider: the webhook refused an event');
      } catch (err) {
        log.warn({ err, eventId: event.id, type }, 'the local payment provider: the webhook could not be reached');
      }
    }
    return false;
  }

  return {
    /** POST /v1/checkout/sessions, idempotent on its key as Stripe's is: the same key and parameters give the same session. */
    async createSession(form: Record<string, unknown>, rawBody: string, idempotencyKey?: string): Promise<LocalCheckoutSession> {
      const requestHash = createHash('sha256').update(rawBody).digest('hex');
      if (idempotencyKey) {
        const earlier = await byIdempotencyKey(idempotencyKey, requestHash);
        if (earlier) return earlier;
      }
      const parsed = createParams.safeParse(form);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
        const param = path.map((p, i) => (i ? `[${String(p)}]` : String(p))).join('');
        throw new StripeApiError(400, 'invalid_request_error', `Invalid or unknown parameter: ${param || '(body)'}`, param || undefined, 'parameter_invalid');
      }
      const params = parsed.data;
      const lineItems = params.line_items.map((l) => ({ name: l.price_data.product_data.name, quantity: l.quantity, unitAmount: l.price_data.unit_amount }));
      const currencies = new Set(params.line_items.map((l) => l.price_data.currency));
      if (currencies.size > 1) throw new StripeApiError(400, 'invalid_request_error', 'All line items must use the same currency.', 'line_items');
      const amount = lineItems.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
      const sessionId = id('cs_test_local');
      const session: LocalCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: amount,
        amount_total: amount,
        currency: [...currencies][0],
        client_reference_id: params.client_reference_id ?? null,
        customer_email: params.customer_email ?? null,
        customer_details: null,
        metadata: params.metadata ?? {},
        payment_intent: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${appUrl}/local-pay/checkout/${sessionId}`,
        created: now(),
        expires_at: now() + SESSION_LIFETIME_S,
        livemode: false,
      };
      const inserted = await db
        .insert(localCheckoutSessions)
        .values({ id: sessionId, idempotencyKey: idempotencyKey ?? null, requestHash, session, lineItems })
        .onConflictDoNothing()
        .returning({ id: localCheckoutSessions.id });
      // Two requests with one key at once: the first one's session is the answer to both.
      if (!inserted.length && idempotencyKey) return (await byIdempotencyKey(idempotencyKey, requestHash))!;
      return session;
    },

    find,
    complete,

    /** Pay on the hosted page: the card is checked, the session completed, and `checkout.session.completed` delivered. */
    async pay(sessionId: string, card: { number?: unknown; expiry?: unknown; cvc?: unknown }): Promise<PayOutcome> {
      const found = await find(sessionId);
      if (!found) return { kind: 'missing' };
      if (found.session.status !== 'open') return { kind: 'closed', session: found.session };
      const problem = cardProblem(card);
      if (problem) return { kind: 'declined', message: problem };
      const paid = await complete(sessionId);
      // A second Pay that lost the race to the first (a double click) goes where the first went.
      if (!paid) return { kind: 'closed', session: (await find(sessionId))!.session };
      return { kind: 'paid', session: paid, delivered: await deliver('checkout.session.completed', paid) };
    },

    /** A full refund of a paid checkout, for trying things by hand: `charge.refunded` is delivered (refunds stay Stripe's business otherwise). */
    async refund(sessionId: string): Promise<boolean> {
      const found = await find(sessionId);
      const session = found?.session;
      if (!session?.payment_intent) return false;
      const amount = session.amount_total;
      const charge = {
        id: id('ch_local'),
        object: 'charge',
        amount,
        amount_refunded: amount,
        currency: session.currency,
        payment_intent: session.payment_intent,
        paid: true,
        refunded: true,
        status: 'succeeded',
        livemode: false,
      };
      return deliver('charge.refunded', charge);
    },
  };
}

export type LocalProvider = ReturnType<typeof createLocalProvider>;
