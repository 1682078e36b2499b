import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { type Database, rowsOf } from './client';
import { applyFunctions, functionsCurrent } from './functions';

/** The engine's SQL functions have one source, applied when it changes (docs/decisions/052-engine-rules-one-home.md). */
let t: Database;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.close());

const signatures = async () =>
  rowsOf<{ signature: string }>(
    await t.db.execute(
      sql`select p.oid::regprocedure::text as signature from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname in ('submit_answer', 'session_seat') order by 1`,
    ),
  ).map((r) => r.signature);

describe('the SQL functions file', () => {
  it('is in force on a migrated database: one of each function, the app’s clock taken by submit_answer', async () => {
    expect(await functionsCurrent(t.db)).toBe(true);
    expect(await signatures()).toEqual(['session_seat(uuid,text,boolean)', 'submit_answer(uuid,text,uuid,jsonb,boolean,timestamp with time zone)']);
  });

  it('is applied again when a function differs from it, and then only once', async () => {
    // A function replaced by hand (or by an older file) no longer carries the file's hash.
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION session_seat(p_session uuid, p_user text, p_lock boolean)
      RETURNS TABLE (seat text, guest_id text, creator_partner_id text, read_only boolean) LANGUAGE sql AS $$ SELECT 'denied', NULL, NULL, false $$`),
    );
    await t.db.execute(sql`comment on function session_seat(uuid, text, boolean) is null`);
    expect(await functionsCurrent(t.db)).toBe(false);
    await applyFunctions(t.db);
    expect(await functionsCurrent(t.db)).toBe(true);
    const [seat] = rowsOf<{ seat: string }>(await t.db.execute(sql`select seat from session_seat(gen_random_uuid(), 'nobody', false)`));
    expect(seat.seat).toBe('not_found');
  });
});
