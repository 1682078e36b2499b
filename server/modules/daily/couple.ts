import { sql } from 'drizzle-orm';
import type { Person } from '@core/contracts/common';
import { coupleDay } from '@core/daily';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { refuse } from '../../domain-errors';

/**
 * A linked couple as the daily question knows it (docs/product/daily-question.md#a-couple): its two accounts, low and
 * high by the database's own ordering (the same `<` its check constraint uses; the ids are mixed-case, and JavaScript
 * would order them otherwise under a linguistic collation), and their couple's today.
 */
export interface Couple {
  low: string;
  high: string;
  viewerId: string;
  viewer: Person;
  partner: Person;
  /** The viewer's time zone, then the partner's: whoever keeps a view of the couple's today checks it still holds. */
  zones: [string, string];
  today: string;
}

/** The viewer's couple, or 409 NOT_PARTNERED: an unpartnered user has no daily question. */
export async function coupleOf(db: Db, clock: Clock, viewerId: string): Promise<Couple> {
  const couple = await findCouple(db, clock, viewerId);
  if (!couple) throw refuse('NOT_PARTNERED');
  return couple;
}

export async function findCouple(db: Db, clock: Clock, viewerId: string): Promise<Couple | null> {
  const [row] = rowsOf<{ low: string; high: string; my_name: string; partner_id: string; partner_name: string; my_zone: string; partner_zone: string }>(
    await db.execute(sql`
      select least(u.id, p.id) as low, greatest(u.id, p.id) as high, u.username as my_name, p.id as partner_id, p.username as partner_name,
             u.time_zone as my_zone, p.time_zone as partner_zone
      from users u join users p on p.id = u.partner_id
      where u.id = ${viewerId}`),
  );
  if (!row) return null;
  return {
    low: row.low,
    high: row.high,
    viewerId,
    viewer: { id: viewerId, username: row.my_name },
    partner: { id: row.partner_id, username: row.partner_name },
    zones: [row.my_zone, row.partner_zone],
    today: coupleDay([row.my_zone, row.partner_zone], clock.now()),
  };
}

/** The same couple seen by the other partner. */
export const asPartner = (c: Couple): Couple => ({ ...c, viewerId: c.partner.id, viewer: c.partner, partner: c.viewer, zones: [c.zones[1], c.zones[0]] });
