import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/** Migration 0002 records each existing session's guest: nothing a couple played is lost or handed to someone else. */
let pg: PGlite;
const run = async (file: string) => {
  for (const statement of readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint')) await pg.exec(statement);
};

beforeAll(async () => {
  pg = await PGlite.create();
  await run('0000_init.sql');
  await run('0001_submit_answer.sql');
});
afterAll(() => pg.close());

it('seats the one other player who answered, else the creator partner of the day', async () => {
  await pg.exec(`
    insert into users (id, email, username) values ('ann', 'ann@x', 'ann'), ('bo', 'bo@x', 'bo'), ('cy', 'cy@x', 'cy'), ('di', 'di@x', 'di');
    update users set partner_id = 'cy' where id = 'ann';
    update users set partner_id = 'ann' where id = 'cy';
    insert into categories (id, game, slug, name) values ('00000000-0000-4000-8000-000000000001', 'would_you_rather', 'c', 'C');
    insert into levels (id, category_id, number, name) values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 1, 'L');
    insert into items (id, level_id, position, payload) values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 0, '{}');
    insert into game_sessions (id, game, level_id, creator_id) values
      ('00000000-0000-4000-8000-00000000000a', 'would_you_rather', '00000000-0000-4000-8000-000000000002', 'ann'),
      ('00000000-0000-4000-8000-00000000000b', 'would_you_rather', '00000000-0000-4000-8000-000000000002', 'ann'),
      ('00000000-0000-4000-8000-00000000000c', 'would_you_rather', '00000000-0000-4000-8000-000000000002', 'di');
    insert into responses (session_id, item_id, user_id, answer) values
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000003', 'ann', '"a"'),
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000003', 'bo', '"b"');
  `);
  await run('0002_session_members.sql');
  const { rows } = await pg.query<{ id: string; guest_id: string | null }>('select id, guest_id from game_sessions order by id');
  // a: played with bo (a former partner); b: never answered, ann's partner now is cy; c: di has no partner.
  expect(rows.map((r) => r.guest_id)).toEqual(['bo', 'cy', null]);
});
