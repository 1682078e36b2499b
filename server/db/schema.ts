import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
// Relative, not '@core/games': drizzle-kit loads this file without the app's path aliases.
import { GAME_TYPES as gameTypes } from '../../core/games';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Accounts (Better Auth's models; `name` is the username) ───────────────────────────────────────

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('username').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  partnerId: text('partner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
  /** The person's IANA time zone, from their browser at sign-up and log-in, or chosen on the profile: their "today". */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * Set when the account was deleted (docs/decisions/055-memories-and-what-deletion-keeps.md): the row stays, with no
   * address, name or way in, so the partner's answers in what they shared keep their sessions and days.
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every process (used when Redis is not configured). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** The dev outbox: mail kept locally when no SMTP server is configured. */
export const outbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

// ── Partners and invitations ────────────────────────────────────────────────────────────────────

export const partnerInvites = pgTable(
  'partner_invites',
  {
    token: text('token').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('partner_invites_sender_idx').on(t.senderId)],
);

export const sessionInvites = pgTable(
  'session_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    game: text('game', { enum: gameTypes }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_invites_receiver_idx').on(t.receiverId, t.status)],
);

// ── Plans ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Lifetime Gold purchases (docs/product/plans.md#who-has-gold). A purchase from checkout is keyed by the provider's
 * checkout session id (`provider_ref`) and carries its payment intent, which refunds and disputes name. Only
 * 'active' counts; 'refunded' (a full refund) and 'revoked' (a lost dispute) stay as the record of what happened.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    providerRef: text('provider_ref').notNull(),
    paymentIntent: text('payment_intent'),
    /** What was paid, in the currency's minor unit, as the provider reported it. */
    amount: integer('amount'),
    currency: text('currency'),
    status: text('status', { enum: ['active', 'refunded', 'revoked'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchases_provider_ref_idx').on(t.provider, t.providerRef),
    index('purchases_user_idx').on(t.userId),
    index('purchases_payment_intent_idx').on(t.provider, t.paymentIntent),
  ],
);

/**
 * The provider's webhook events already applied, by event id: the insert is the first statement of the
 * transaction that applies one, so a repeat finds it and changes nothing.
 */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Payments that ended (a full refund, a lost dispute), by payment intent, whether or not their purchase is known
 * yet: a refund that arrives before its checkout's completion keeps that completion from granting Gold.
 */
export const paymentRevocations = pgTable(
  'payment_revocations',
  {
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    paymentIntent: text('payment_intent').notNull(),
    reason: text('reason', { enum: ['refunded', 'revoked'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.paymentIntent] })],
);

/**
 * The local payment provider's checkout sessions (local mode and tests only; server/modules/payments/local-provider.ts):
 * the session as Stripe's API would return it, and the idempotency key it was created with.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  /** A hash of the creating request's parameters: the same key with other parameters is refused, as Stripe does. */
  requestHash: text('request_hash').notNull(),
  session: jsonb('session').notNull(),
  /** What is bought, for the hosted page: Stripe's session object does not carry it. */
  lineItems: jsonb('line_items').notNull(),
  createdAt: createdAt(),
});

// ── Content: one shape for every game (docs/product/sessions-and-games.md#the-four-activities) ──

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: gameTypes }).notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** A lucide icon name for the category's card, from the content; null when it names none. */
    icon: text('icon'),
  },
  (t) => [uniqueIndex('categories_game_slug_idx').on(t.game, t.slug)],
);

export const levels = pgTable(
  'levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    free: boolean('free').notNull().default(false),
  },
  (t) => [uniqueIndex('levels_category_number_idx').on(t.categoryId, t.number), check('levels_number_positive', sql`${t.number} > 0`)],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    levelId: uuid('level_id')
      .notNull()
      .references(() => levels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [uniqueIndex('items_level_position_idx').on(t.levelId, t.position)],
);

// ── Play ────────────────────────────────────────────────────────────────────────────────────────

export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: gameTypes }).notNull(),
    levelId: uuid('level_id')
      .notNull()
      .references(() => levels.id, { onDelete: 'restrict' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The creator's partner when the session was made: with the creator, its two members for good. Null while the
     * creator had no partner; the creator's partner then takes the seat on first opening it (docs/decisions/012).
     */
    guestId: text('guest_id').references(() => users.id, { onDelete: 'cascade' }),
    currentIndex: integer('current_index').notNull().default(0),
    /**
     * How the two play (docs/product/sessions-and-games.md#at-your-own-pace): 'live', together, on the shared
     * `current_index` the host moves; 'own', each at their own pace, a member's position being the items they answered.
     */
    pace: text('pace', { enum: ['live', 'own'] })
      .notNull()
      .default('live'),
    /** Played by guessing each other's answers (core/guessing.ts, docs/product/guess-my-answer.md), chosen at creation. */
    guessing: boolean('guessing').notNull().default(false),
    status: text('status', { enum: ['active', 'completed'] })
      .notNull()
      .default('active'),
    /**
     * Bumped in the same statement as every change a player sees (an answer, a move, the completion): each change
     * is pushed with its version, so a client that misses one sees the gap and reads the session again.
     */
    version: integer('version').notNull().default(0),
    /**
     * The level's item ids in this session's order, shuffled at creation so a replay is not the same again; null for
     * sessions made before (they play in content order). `submit_answer` and `inSessionOrder` read it the same way.
     */
    itemOrder: uuid('item_order').array(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('game_sessions_creator_idx').on(t.creatorId, t.createdAt), index('game_sessions_guest_idx').on(t.guestId)],
);

export const responses = pgTable(
  'responses',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.itemId, t.userId] })],
);

/**
 * The answering partner's mark on a written guess (docs/product/guess-my-answer.md): "Spot on", "Close" or "Not quite".
 * A record of its own beside the two answers, which stand once revealed; one per item, changeable by its answerer.
 */
export const guessMarks = pgTable(
  'guess_marks',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    mark: text('mark', { enum: ['spot_on', 'close', 'not_quite'] }).notNull(),
    markedBy: text('marked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.itemId] })],
);

/**
 * Each member's own position in a session played at their own pace (docs/product/sessions-and-games.md#at-your-own-pace):
 * the index of the item they are on, moved by their own Next once they have answered it. No row is position 0. Live
 * sessions use the shared `game_sessions.current_index` instead.
 */
export const sessionPositions = pgTable(
  'session_positions',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

export const levelProgress = pgTable(
  'level_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelId: uuid('level_id')
      .notNull()
      .references(() => levels.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.levelId] })],
);

// ── The daily question (docs/product/daily-question.md) ─────────────────────────────────────────

/**
 * A couple is its two accounts, whatever their link: `user_low` < `user_high` by id, so the same two people who unlink
 * and link again find their days again. One question a day, from the question library; `cycle` counts how often the
 * couple has gone through the whole library, so an item is drawn once per cycle.
 */
export const dailyQuestions = pgTable(
  'daily_questions',
  {
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The couple's calendar day (docs/product/daily-question.md#today). */
    day: text('day').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh, t.day] }),
    uniqueIndex('daily_questions_item_once_per_cycle').on(t.userLow, t.userHigh, t.cycle, t.itemId),
    check('daily_questions_ordered', sql`${t.userLow} < ${t.userHigh}`),
    check('daily_questions_day', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** Each partner's own words for a day's question; shown to the other once both have answered. */
export const dailyAnswers = pgTable(
  'daily_answers',
  {
    userLow: text('user_low').notNull(),
    userHigh: text('user_high').notNull(),
    day: text('day').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh, t.day, t.userId] }),
    foreignKey({ columns: [t.userLow, t.userHigh, t.day], foreignColumns: [dailyQuestions.userLow, dailyQuestions.userHigh, dailyQuestions.day] }).onDelete('cascade'),
  ],
);

// ── Notifications (docs/product/notifications.md) ──────────────────────────────────────────────────

/**
 * A person's choices of mail; no row is the defaults of core/notifications.ts (everything off but nudges), so the
 * columns' defaults are the same.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyReminder: boolean('daily_reminder').notNull().default(false),
    dailyReminderHour: integer('daily_reminder_hour').notNull().default(19),
    yourTurnReminder: boolean('your_turn_reminder').notNull().default(false),
    nudgeEmails: boolean('nudge_emails').notNull().default(true),
    /** Mail as well as push, for someone with a device that has push on (docs/product/notifications.md). */
    mailWithPush: boolean('mail_with_push').notNull().default(false),
    quietHours: boolean('quiet_hours').notNull().default(true),
    quietStart: integer('quiet_start').notNull().default(22),
    quietEnd: integer('quiet_end').notNull().default(8),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_settings_hours', sql`${t.dailyReminderHour} between 0 and 23 and ${t.quietStart} between 0 and 23 and ${t.quietEnd} between 0 and 23`)],
);

/**
 * Each nudge sent. One per sender, target and day (the sender's day in their time zone): the unique index is the
 * limit, so two taps at once make one nudge.
 */
/**
 * A star on a memory (docs/product/memories.md#favourites): the couple's, set or cleared by either, seen by both. Kept
 * by the two accounts as a daily question is, so it outlives an unlink and is there again after a relink. `target`:
 * `item:<session id>:<item id>` or `daily:<day>`.
 */
export const memoryStars = pgTable(
  'memory_stars',
  {
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    starredBy: text('starred_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userLow, t.userHigh, t.target] }), check('memory_stars_ordered', sql`${t.userLow} < ${t.userHigh}`)],
);

/**
 * A device that gets Web Push (docs/decisions/054-web-push-per-device.md): the browser's subscription, its keys for
 * RFC 8291's encryption, and what to call it in the list. An endpoint is one device's: subscribing it again, signed
 * in as someone else on that device, moves it to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android", from the browser's user agent when it subscribed. */
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export const nudges = pgTable(
  'nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['session', 'daily'] }).notNull(),
    /** The session's id, or the daily question's day. */
    target: text('target').notNull(),
    /** The sender's calendar day when they nudged. */
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('nudges_once_a_day').on(t.senderId, t.kind, t.target, t.day), index('nudges_receiver_idx').on(t.receiverId)],
);

/**
 * What the catalogue (categories, levels, items) was last loaded from: a hash of the content files' bytes, written
 * in the load's own transaction. A start whose files hash the same skips the load (server/modules/content/loader.ts).
 */
export const contentState = pgTable(
  'content_state',
  {
    id: integer('id').primaryKey().default(1),
    hash: text('hash').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('content_state_one_row', sql`${t.id} = 1`)],
);
