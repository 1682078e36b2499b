import { eq } from 'drizzle-orm';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { messages } from '@core/messages';
import { type Clock, systemClock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { gameSessions, users } from '../../db/schema';
import { linkUsers } from '../partner-links/service';
import { isSessionId } from './access';
import { SessionError } from './errors';

interface OfferFacts {
  game: GameType;
  status: string;
  creatorId: string;
  guestId: string | null;
  creatorName: string;
  creatorPartner: string | null;
}

async function offerFacts(db: Db | Tx, sessionId: string, lock: boolean): Promise<OfferFacts | undefined> {
  const query = db
    .select({
      game: gameSessions.game,
      status: gameSessions.status,
      creatorId: gameSessions.creatorId,
      guestId: gameSessions.guestId,
      creatorName: users.name,
      creatorPartner: users.partnerId,
    })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.creatorId))
    .where(eq(gameSessions.id, sessionId));
  const [row] = lock ? await query.for('update', { of: gameSessions }) : await query;
  return row;
}

/**
 * The consented link of a question session (spec decisions §5, docs/decisions/019): may this viewer, who is not a
 * member, be asked "Link with {username} and join?" Only for an active question session whose guest seat is empty,
 * when neither the creator nor the viewer has a partner. Everyone else keeps the partner-only denial.
 */
function offered(facts: OfferFacts | undefined, viewerId: string, viewerPartner: string | null | undefined): facts is OfferFacts {
  return (
    !!facts &&
    gameDefinitions[facts.game].unpartneredJoin === 'offered-link' &&
    facts.status === 'active' &&
    facts.guestId === null &&
    facts.creatorPartner === null &&
    facts.creatorId !== viewerId &&
    viewerPartner === null
  );
}

const partnerOfViewer = async (db: Db | Tx, viewerId: string) => (await db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, viewerId)))[0]?.partnerId;

/** Throws 403 LINK_OFFER, whose text is the question with the creator's name, when the viewer may be offered the link. */
export async function offerLinkIfAllowed(db: Db, sessionId: string, viewerId: string): Promise<void> {
  if (!isSessionId(sessionId)) return;
  const facts = await offerFacts(db, sessionId, false);
  if (offered(facts, viewerId, await partnerOfViewer(db, viewerId))) throw new SessionError('link_offer', messages.session.linkOffer(facts.creatorName));
}

/**
 * Yes to the offer: in one transaction, the session row locked first, then both profiles (linkUsers), the two are
 * linked as by an invite accept and the viewer takes the guest seat. Of two people saying yes to the same creator at
 * once, the second finds the seat taken (or the creator partnered) and gets the partner-only denial.
 */
export async function linkAndJoin(db: Db, sessionId: string, viewerId: string, clock: Clock = systemClock) {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  return db.transaction(async (tx) => {
    const facts = await offerFacts(tx, sessionId, true);
    if (!facts) throw new SessionError('not_found');
    if (!offered(facts, viewerId, await partnerOfViewer(tx, viewerId))) throw new SessionError('denied');
    const linked = await linkUsers(tx, viewerId, facts.creatorId, clock);
    await tx.update(gameSessions).set({ guestId: viewerId }).where(eq(gameSessions.id, sessionId));
    return linked;
  });
}
