import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db.js';

// SQLite only: the background checkpoint is how a SQLite file gets its committed WAL frames.

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('tiempo agotado');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('WAL checkpoints off the main thread', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-wal-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('committed frames reach the database file although the main connection never checkpoints', async () => {
    const file = path.join(dir, 'a.db');
    const { db } = createDb(`sqlite:${file}`);
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(db);
      const sizeBefore = fs.statSync(file).size;
      // About 2 MB in one commit: far below the main connection's fallback threshold.
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i += 1) {
          await sql`insert into t (v) values (${'x'.repeat(10_000)})`.execute(trx);
        }
      });
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
      await waitFor(() => fs.statSync(file).size > sizeBefore + 1_000_000);
      const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
      expect(rows.rows[0]!.n).toBe(200);
    } finally {
      await db.destroy();
    }
  });

  it('destroying the database waits until the background connection is closed too (the WAL file is gone)', async () => {
    const file = path.join(dir, 'b.db');
    const { db } = createDb(`sqlite:${file}`);
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t default values`.execute(db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await db.destroy();
    // SQLite removes the WAL when its last connection closes cleanly: by the time destroy()
    // resolves, the worker's connection is closed too.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = createDb(`sqlite:${file}`);
    try {
      const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(again.db);
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await again.db.destroy();
    }
  });
});
