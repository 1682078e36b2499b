import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { paths } from '../paths';
import { type Db, rowsOf } from './client';

/**
 * The engine's SQL functions have one source, `server/db/functions.sql` (docs/decisions/052-engine-rules-one-home.md).
 * Each function carries the file's hash as its comment; at start, after the migrations and under their lock, the file
 * is applied in one transaction when any function lacks the hash (a new database, or the file changed).
 */
export const functionsFile = path.join(paths.migrations, '..', 'functions.sql');

interface Functions {
  statements: string[];
  names: string[];
  mark: string;
}

let loaded: Functions | undefined;

function functions(): Functions {
  if (loaded) return loaded;
  const text = readFileSync(functionsFile, 'utf8');
  const names = [...text.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gim)].map((m) => m[1]);
  if (!names.length) throw new Error(`${functionsFile} defines no function`);
  loaded = {
    statements: text
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean),
    names,
    mark: `twogether:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`,
  };
  return loaded;
}

/** The comment of each public function of that name (an overload left behind counts too). */
async function marks(db: Pick<Db, 'execute'>, names: string[]) {
  return rowsOf<{ name: string; mark: string | null }>(
    await db.execute(sql`
      select p.proname as name, obj_description(p.oid, 'pg_proc') as mark
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname in ${names}`),
  );
}

/** Every function of the file is there, once, with the file's hash: nothing to apply. One query, nothing written. */
export async function functionsCurrent(db: Db): Promise<boolean> {
  const { names, mark } = functions();
  const found = await marks(db, names);
  return found.length === names.length && found.every((f) => f.mark === mark);
}

/** Applies the file when it is not current, and marks each function with its hash, in one transaction. */
export async function applyFunctions(db: Db): Promise<void> {
  if (await functionsCurrent(db)) return;
  const { statements, names, mark } = functions();
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
    const signatures = rowsOf<{ signature: string }>(
      await tx.execute(sql`select p.oid::regprocedure::text as signature from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname in ${names}`),
    );
    for (const { signature } of signatures) await tx.execute(sql.raw(`COMMENT ON FUNCTION ${signature} IS '${mark}'`));
  });
}
