import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db.js';
import type { Database, DbOrTx } from './database.js';
import { GroupCommit, runInWriteTransaction, runWrite } from './group-commit.js';

// Group commit is SQLite's (one connection, a blocking fsync per commit): these run on a SQLite
// file whatever TEST_DATABASE_URL says. A second, independent connection plays "another reader"
// to tell what is committed from what is only written inside the batch's transaction.

describe('group commit on SQLite', () => {
  let dir: string;
  let handle: DbHandle;
  let reader: SqliteDatabase.Database;

  const committed = () =>
    (reader.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
  const insert = (trx: DbOrTx, v: string) => sql`insert into t (v) values (${v})`.execute(trx);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-group-commit-'));
    handle = createDb(`sqlite:${path.join(dir, 'g.db')}`);
    await sql`create table t (id integer primary key, v text not null unique)`.execute(handle.db);
    reader = new SqliteDatabase(handle.sqliteFile!, { readonly: true });
  });
  afterAll(async () => {
    reader.close();
    await handle.db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await sql`delete from t`.execute(handle.db);
  });

  it('work started together shares one transaction, and each answer waits for its commit', async () => {
    const seenInside: string[][] = [];
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) =>
        runInWriteTransaction(handle.db, async (trx) => {
          await insert(trx, v);
          // Inside the batch nothing is committed yet, not even the earlier pieces.
          seenInside.push(committed());
          return v;
        }).then((value) => ({ value, committedWhenAnswered: committed() })),
      ),
    );
    expect(seenInside).toEqual([[], [], [], [], []]);
    for (const answer of answers) {
      expect(answer.committedWhenAnswered).toEqual(['a', 'b', 'c', 'd', 'e']);
    }
    expect(answers.map((a) => a.value)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a refused piece rolls back alone and answers its own error; the others commit', async () => {
    const refusal = new Error('monto mínimo');
    const results = await Promise.allSettled([
      runInWriteTransaction(handle.db, (trx) => insert(trx, 'a')),
      runInWriteTransaction(handle.db, async (trx) => {
        await insert(trx, 'b');
        await insert(trx, 'b2');
        throw refusal;
      }),
      // A constraint error inside a piece is that piece's alone too.
      runInWriteTransaction(handle.db, async (trx) => {
        await insert(trx, 'c');
        await insert(trx, 'a');
      }),
      // So is a throw before any promise.
      runInWriteTransaction(handle.db, (() => {
        throw refusal;
      }) as () => Promise<void>),
      runInWriteTransaction(handle.db, (trx) => insert(trx, 'd')),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toBe(refusal);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect((results[3] as PromiseRejectedResult).reason).toBe(refusal);
    expect(committed()).toEqual(['a', 'd']);
  });

  it('a piece sees the pieces before it in the same batch (they run one after the other)', async () => {
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        runInWriteTransaction(handle.db, async (trx) => {
          await insert(trx, `v${n}`);
          const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
          return rows.rows[0]!.n;
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3]);
  });

  it('when the batch fails, nothing of it is acknowledged and the next batch works', async () => {
    // The second piece ends the transaction behind the batch's back: the first piece's write is
    // lost with it, so the first piece must not be answered as a success.
    const results = await Promise.allSettled([
      runInWriteTransaction(handle.db, (trx) => insert(trx, 'perdido')),
      runInWriteTransaction(handle.db, async (trx) => {
        await sql`rollback`.execute(trx);
      }),
      runInWriteTransaction(handle.db, (trx) => insert(trx, 'tampoco')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committed()).toEqual([]);
    await runInWriteTransaction(handle.db, (trx) => insert(trx, 'después'));
    expect(committed()).toEqual(['después']);
  });

  it('work arriving while a batch runs goes into the next batch, in arrival order', async () => {
    const order: string[] = [];
    let second: Promise<unknown> | undefined;
    await runInWriteTransaction(handle.db, async (trx) => {
      await insert(trx, 'primero');
      order.push('primero');
      second = runInWriteTransaction(handle.db, async (t) => {
        // Its batch started after the first one committed.
        order.push(committed().includes('primero') ? 'segundo, tras el commit' : 'segundo, antes');
        await insert(t, 'segundo');
      });
    });
    await second;
    expect(order).toEqual(['primero', 'segundo, tras el commit']);
    expect(committed()).toEqual(['primero', 'segundo']);
  });

  it('a batch holds at most maxBatch pieces; the rest go into the following batches', async () => {
    const small = new GroupCommit(handle.db, { maxBatch: 2 });
    const seenInside = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) =>
        small.run(async (trx) => {
          await insert(trx, v);
          return committed().length;
        }),
      ),
    );
    expect(seenInside).toEqual([0, 0, 2, 2, 4]);
    expect(committed()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('without group commit (PostgreSQL), a write runs in its own transaction, a single statement as is', async () => {
    const plain = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    try {
      expect(await runInWriteTransaction(plain, async (trx) => trx.isTransaction)).toBe(true);
      expect(await runWrite(plain, async (trx) => trx === plain)).toBe(true);
      // With group commit both join the batch's transaction.
      expect(await runWrite(handle.db, async (trx) => trx === handle.db)).toBe(false);
    } finally {
      await plain.destroy();
    }
  });
});
