/**
 * /api/sessions and the session room's events, defined once: the server's validation and serialisation, the
 * OpenAPI document, the web's types. Everything a screen renders is discriminated by `game`, so each board gets
 * its own item and answer types.
 */
import { z } from 'zod';
import { type GameDefinitions, gameDefinitions } from '../game-definitions';
import { GAME_TYPES, type GameType } from '../games';
import { GUESS_MARKS } from '../guessing';
import { paceSchema, personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['sessions'];

const sessionStatus = z.enum(['active', 'completed']);
export { PACES, type Pace, paceSchema } from './common';
const nextLevel = z.object({ id: z.string(), number: z.number().int(), name: z.string(), unlocked: z.boolean() });
export const guessMarkSchema = z.enum(GUESS_MARKS);
/** How well one member knew the other in a guessing session (core/guessing.ts `knowing`). */
export const knowingSchema = z.object({ knew: z.number().int(), of: z.number().int(), close: z.number().int(), unmarked: z.number().int() });

/**
 * Guess my answer (core/guessing.ts): the viewer's guess and the partner's (only once both have answered, as answers
 * are), and, written, the answering partner's mark. In a guessing session `answers` hold what each gave first: their
 * own pick, or, written, their text (the answer or the guess, by the item's roles, `guessRole`).
 */
function guessOf<A extends z.ZodType>(answer: A) {
  return z.object({ mine: answer.nullable(), partner: answer.nullable(), mark: guessMarkSchema.nullable() }).nullable();
}

/**
 * What changes while two people play, for one viewer: the version it is at, where the session is, the current
 * item (redacted until this viewer has answered it) and the answers. The answering player gets theirs in the
 * POST's answer, the host's moves come with it, and the room's events carry it or the change to it.
 */
// Takes the definition itself (not a game looked up in the table), so each variant keeps its own item and answer.
function liveOf<G extends GameType, V extends z.ZodType, A extends z.ZodType>({ type: game, view, answer }: { type: G; view: V; answer: A }) {
  return z.object({
    game: z.literal(game),
    /** Bumped by every answer, move and the completion (migration 0003): a gap means an event was missed. */
    version: z.number().int(),
    /** `currentIndex`: live, the shared item's; at your own pace, this viewer's own position. */
    session: z.object({ status: sessionStatus, currentIndex: z.number().int(), completedAt: z.string().nullable(), pace: paceSchema, guessing: z.boolean() }),
    /** Null once completed, or in a level without items. */
    current: z.object({ id: z.string(), position: z.number().int(), payload: view }).nullable(),
    answers: z.object({
      mine: answer.nullable(),
      /** The partner's answer, only once both have answered the current item. */
      partner: answer.nullable(),
      partnerAnswered: z.boolean(),
      bothAnswered: z.boolean(),
    }),
    /** A guessing session's guesses on the current item (null in the ordinary way to play). */
    guess: guessOf(answer),
    /** At your own pace: how many items each has answered (live: null). */
    progress: z.object({ mine: z.number().int(), partner: z.number().int() }).nullable(),
    /**
     * At your own pace: the items this viewer has moved past, in order, each whole (they answered it), with their answer,
     * and the partner's only once both have answered that item. Live: empty.
     */
    passed: z.array(
      z.object({
        id: z.string(),
        position: z.number().int(),
        payload: view,
        mine: answer.nullable(),
        partner: answer.nullable(),
        partnerAnswered: z.boolean(),
        guess: guessOf(answer),
      }),
    ),
    /** Scored games, once completed: each member's score by user id. */
    scores: z.record(z.string(), z.number().int()).nullable(),
    /** A guessing session, once completed: how well each member knew the other, by user id. */
    knowing: z.record(z.string(), knowingSchema).nullable(),
    /** Once completed: the level after this one, and whether the couple may play it now (core/levels.ts). */
    nextLevel: nextLevel.nullable(),
  });
}

/** The session as one viewer may see it: who plays, the level, and its live state. */
function snapshotOf<G extends GameType, V extends z.ZodType, A extends z.ZodType>(definition: { type: G; view: V; answer: A }) {
  return liveOf(definition).extend({
    session: z.object({
      id: z.string(),
      status: sessionStatus,
      currentIndex: z.number().int(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      pace: paceSchema,
      guessing: z.boolean(),
    }),
    role: z.enum(['host', 'partner']),
    host: personSchema,
    partner: personSchema.nullable(),
    level: z.object({ id: z.string(), number: z.number().int(), name: z.string(), category: z.object({ id: z.string(), name: z.string() }) }),
    itemCount: z.number().int(),
    /** The two members have unlinked since: both may look at it, neither may play (docs/decisions/012). */
    readOnly: z.boolean(),
  });
}

// Each game's parts, typed from its own definition: the unions below are mapped from the definitions, so a game added
// there has its live state and snapshot here with nothing to list.
type LivePart<D> = D extends { type: infer G extends GameType; view: infer V extends z.ZodType; answer: infer A extends z.ZodType } ? ReturnType<typeof liveOf<G, V, A>> : never;
type SnapshotPart<D> = D extends { type: infer G extends GameType; view: infer V extends z.ZodType; answer: infer A extends z.ZodType }
  ? ReturnType<typeof snapshotOf<G, V, A>>
  : never;
type EveryGame<T> = [T, ...T[]];
type Definition = GameDefinitions[GameType];
// Built one game at a time; the casts say which schema each element is, as the conditional types above spell it.
const parts = (game: GameType): { type: GameType; view: z.ZodType; answer: z.ZodType } => gameDefinitions[game];

const liveParts = GAME_TYPES.map((game) => liveOf(parts(game))) as unknown as EveryGame<LivePart<Definition>>;
const snapshotParts = GAME_TYPES.map((game) => snapshotOf(parts(game))) as unknown as EveryGame<SnapshotPart<Definition>>;

export const sessionLive = z.discriminatedUnion('game', liveParts);
export type SessionLive = z.infer<typeof sessionLive>;

export const sessionSnapshot = z.discriminatedUnion('game', snapshotParts);
export type SessionSnapshot = z.infer<typeof sessionSnapshot>;

/** One game's snapshot: its board's item and answers are typed. */
export type SnapshotOf<G extends GameType> = Extract<SessionSnapshot, { game: G }>;

const idParams = z.object({ id: z.string().max(64) });

export const createdSession = z.object({
  id: z.string(),
  game: z.enum(GAME_TYPES),
  levelId: z.string(),
  creatorId: z.string(),
  status: sessionStatus,
  currentIndex: z.number().int(),
  createdAt: z.string(),
  pace: paceSchema,
  guessing: z.boolean(),
});

export const createSession = defineEndpoint({
  method: 'POST',
  path: '/api/sessions',
  summary: "Create a session for a level the couple can play; without a pace, the couple's last choice for that game (else live)",
  tags,
  auth: 'required',
  /** `guessing`: Guess my answer (core/guessing.ts); a level of "About us" prompts is played only so. */
  body: z.object({ levelId: z.uuid({ error: 'Level not found' }), pace: paceSchema.optional(), guessing: z.boolean().optional() }),
  response: { 201: z.object({ session: createdSession }) },
});

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/sessions/:id',
  summary: 'The session as this player may see it now',
  tags,
  auth: 'required',
  params: idParams,
  response: { 200: sessionSnapshot },
});

export const submitAnswer = defineEndpoint({
  method: 'POST',
  path: '/api/sessions/:id/answers',
  summary: 'Answer the current item (replaces your earlier answer)',
  tags,
  auth: 'required',
  params: idParams,
  // The answer's shape depends on the session's game: the engine checks it against the game's definition.
  // In a guessing session that predicts, `guess` is the partner's pick the player predicts (core/guessing.ts).
  body: z.object({ itemId: z.string().max(64).optional(), answer: z.unknown().optional(), guess: z.unknown().optional() }),
  response: { 200: z.object({ itemId: z.string(), bothAnswered: z.boolean(), live: sessionLive }) },
});

/**
 * The consented link of a question session (docs/decisions/019): an unpartnered user who opens the question session
 * of an unpartnered creator gets 403 `LINK_OFFER` from the snapshot, whose message is the question "Link with
 * {username} and join?". Yes is this call: both accounts are linked in one transaction, as an invite accept, and the
 * viewer takes the session's guest seat. 403 for anyone else; 409 when either has been linked meanwhile.
 */
export const linkAndJoin = defineEndpoint({
  method: 'POST',
  path: '/api/sessions/:id/link-and-join',
  summary: "Question sessions: link with the session's unpartnered creator and take the guest seat",
  tags,
  auth: 'required',
  params: idParams,
  response: { 200: z.object({ partner: personSchema, linkedAt: z.string() }) },
});

export const MOVES = ['next', 'prev', 'shuffle'] as const;
export type Move = (typeof MOVES)[number];

const moveResponse = z.object({ status: sessionStatus, currentIndex: z.number().int(), completed: z.boolean(), live: sessionLive });

const moveEndpoint = <M extends Move>(move: M, summary: string) =>
  defineEndpoint({ method: 'POST', path: `/api/sessions/:id/${move}` as const, summary, tags, auth: 'required', params: idParams, response: { 200: moveResponse } });

/**
 * The host's controls; past the last item, next completes the session. At your own pace, next is each member's own: their
 * next item once they have answered theirs (the session completes when both have answered every item); prev and
 * shuffle are live only.
 */
export const moveSession = {
  next: moveEndpoint('next', 'Live: host only, the next item once both have answered, past the last one the completion. Own pace: your own next item once you answered yours'),
  prev: moveEndpoint('prev', 'Host only: the previous item'),
  shuffle: moveEndpoint('shuffle', 'Host only: a random other item'),
} satisfies Record<Move, unknown>;

/**
 * The host of a live session the partner has not joined yet plays it at their own pace instead: both keep what they
 * answered together and go on from there, each at their own pace. Host only; a session already at its own pace is
 * left as it is.
 */
export const switchToOwnPace = defineEndpoint({
  method: 'POST',
  path: '/api/sessions/:id/own-pace',
  summary: 'Host only: play this live session at your own pace from now on',
  tags,
  auth: 'required',
  params: idParams,
  response: { 200: z.object({ live: sessionLive }) },
});

/**
 * Written guessing (core/guessing.ts): the answering partner marks the other's guess of their answer, once both are
 * revealed, and may change the mark; also after the session completed, which does not wait for marks. 403 for the
 * guessing partner, 409 before both answered, 400 outside written guessing.
 */
export const markGuess = defineEndpoint({
  method: 'POST',
  path: '/api/sessions/:id/marks',
  summary: "Mark your partner's guess of your answer: spot on, close or not quite",
  tags,
  auth: 'required',
  params: idParams,
  body: z.object({ itemId: z.string().max(64), mark: guessMarkSchema }),
  response: { 200: z.object({ live: sessionLive }) },
});

// ── The session room's events (Socket.IO, server → client) ─────────────────────────────────────────────────

/**
 * A member answered. Before both have answered it says only that (never the answer); once both have, it carries
 * the answer, which the other member may now see. The answering player's own screen already has it all.
 */
export const sessionAnsweredEvent = z.object({
  sessionId: z.string(),
  version: z.number().int(),
  userId: z.string(),
  itemId: z.string(),
  bothAnswered: z.boolean(),
  answer: z.unknown().nullable(),
});
export type SessionAnsweredEvent = z.infer<typeof sessionAnsweredEvent>;

/**
 * The host moved or the level completed: the same live state for both members (a move clears the answers of the
 * item it lands on, so neither has answered it and both get it redacted). At your own pace each member's view differs:
 * each gets their own, to their own user room, after every answer and move.
 */
export const sessionUpdatedEvent = z.object({ sessionId: z.string(), live: sessionLive });
export type SessionUpdatedEvent = z.infer<typeof sessionUpdatedEvent>;
