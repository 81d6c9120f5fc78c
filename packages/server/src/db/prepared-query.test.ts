import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/dialects.js';
import pg from 'pg';
import { createDb, type DbHandle } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery } from './prepared-query.js';

// Built once, run many times: every run must bind its own arguments, on either database.

const findSetting = preparedQuery((db, key: string) =>
  db.selectFrom('setting').select(['key', 'value']).where('key', '=', key),
);
const renameSetting = preparedQuery((db, key: string, value: string) =>
  db.updateTable('setting').set({ value }).where('key', '=', key).where('value', '<>', 'fijo'),
);
const insertSetting = preparedQuery((db, key: string, value: string) =>
  db.insertInto('setting').values({ key, value }).returning(['key', 'value']),
);
const keptSetting = preparedQuery(
  (db, key: string) => db.selectFrom('setting').select(['key', 'value']).where('key', '=', key),
  { untilWrite: true },
);

describe('preparedQuery', () => {
  let database: TestDatabase;
  let handle: DbHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDb(database.url);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  it('binds each run’s arguments and keeps the constants written into the query', async () => {
    const { db } = handle;
    expect((await insertSetting(db, 'a', 'uno')).rows).toEqual([{ key: 'a', value: 'uno' }]);
    expect((await insertSetting(db, 'b', 'fijo')).rows).toEqual([{ key: 'b', value: 'fijo' }]);
    expect((await findSetting(db, 'a')).rows).toEqual([{ key: 'a', value: 'uno' }]);
    expect((await findSetting(db, 'b')).rows).toEqual([{ key: 'b', value: 'fijo' }]);
    expect((await findSetting(db, 'c')).rows).toEqual([]);

    expect((await renameSetting(db, 'a', 'dos')).numAffectedRows).toBe(1n);
    // The constant `value <> 'fijo'` still holds for a later run with other arguments.
    expect((await renameSetting(db, 'b', 'tres')).numAffectedRows).toBe(0n);
    expect((await findSetting(db, 'a')).rows).toEqual([{ key: 'a', value: 'dos' }]);
    expect((await findSetting(db, 'b')).rows).toEqual([{ key: 'b', value: 'fijo' }]);
  });

  it('runs on a transaction’s connection and sees its uncommitted writes', async () => {
    const { db } = handle;
    await db
      .transaction()
      .execute(async (trx) => {
        await insertSetting(trx, 'en-transaccion', 'sí');
        expect((await findSetting(trx, 'en-transaccion')).rows).toHaveLength(1);
        throw new Error('deshacer');
      })
      .catch((error: Error) => expect(error.message).toBe('deshacer'));
    expect((await findSetting(db, 'en-transaccion')).rows).toEqual([]);
    await sql`delete from setting where key in ('a', 'b')`.execute(db);
  });

  it('never answers what an open transaction has not committed, even to a read on the root db', async () => {
    const { db } = handle;
    let pending: Promise<unknown> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await insertSetting(trx, 'sin-confirmar', 'sí');
        // Not awaited: on SQLite it waits for the connection the transaction holds.
        pending = Promise.all([findSetting(db, 'sin-confirmar'), keptSetting(db, 'sin-confirmar')]);
        throw new Error('deshacer');
      })
      .catch((error: Error) => expect(error.message).toBe('deshacer'));
    const [plain, kept] = (await pending) as [{ rows: unknown[] }, { rows: unknown[] }];
    expect(plain.rows).toEqual([]);
    expect(kept.rows).toEqual([]);
  });

  it('untilWrite: a write of any kind on the database is seen by the next read', async () => {
    const { db } = handle;
    await insertSetting(db, 'guardado', 'uno');
    const first = await keptSetting(db, 'guardado');
    expect(first.rows).toEqual([{ key: 'guardado', value: 'uno' }]);
    // On SQLite what is handed out again is frozen: no caller can change another's answer.
    // PostgreSQL reads each time (the next test) and hands out rows of its own.
    expect(Object.isFrozen(first.rows)).toBe(database.dialect === 'sqlite');
    expect(Object.isFrozen(first.rows[0])).toBe(database.dialect === 'sqlite');
    expect((await keptSetting(db, 'guardado')).rows).toEqual(first.rows);
    expect((await keptSetting(db, 'otro')).rows).toEqual([]);

    // An UPDATE through the builder, inside a group of writes (a transaction).
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('setting')
        .set({ value: 'dos' })
        .where('key', '=', 'guardado')
        .execute();
    });
    expect((await keptSetting(db, 'guardado')).rows).toEqual([{ key: 'guardado', value: 'dos' }]);
    // An INSERT … RETURNING (a statement that reads and writes).
    await insertSetting(db, 'otro', 'tres');
    expect((await keptSetting(db, 'otro')).rows).toEqual([{ key: 'otro', value: 'tres' }]);
    // Raw SQL on the database.
    await sql`delete from setting where key = 'guardado'`.execute(db);
    expect((await keptSetting(db, 'guardado')).rows).toEqual([]);
    await sql`delete from setting where key = 'otro'`.execute(db);
  });

  it('untilWrite: PostgreSQL sees another connection’s write at once; SQLite, its one writer, keeps its answer', async () => {
    const { db } = handle;
    await insertSetting(db, 'compartido', 'uno');
    expect((await keptSetting(db, 'compartido')).rows).toEqual([
      { key: 'compartido', value: 'uno' },
    ]);
    if (database.dialect === 'sqlite') {
      // SQLite's file has one writer, this process (docs/write-path.md): nothing to show here
      // beyond the test above. The same statement answers again without reading.
      expect((await keptSetting(db, 'compartido')).rows).toEqual([
        { key: 'compartido', value: 'uno' },
      ]);
    } else {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      await other.query(`update setting set value = 'dos' where key = 'compartido'`);
      await other.end();
      expect((await keptSetting(db, 'compartido')).rows).toEqual([
        { key: 'compartido', value: 'dos' },
      ]);
    }
    await sql`delete from setting where key = 'compartido'`.execute(db);
  });
});
