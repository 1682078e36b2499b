import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('migrations on PostgreSQL', () => {
  it('lets several processes start together on a fresh database', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `twogether_m_${randomBytes(5).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    await admin(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    try {
      const opened = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ url: dbUrl.toString(), poolSize: 3, onConnectionError: () => {} })));
      expect(opened.map((d) => d.kind)).toEqual(['postgres', 'postgres', 'postgres']);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
