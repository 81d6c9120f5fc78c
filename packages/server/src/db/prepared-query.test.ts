import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/dialects.js';
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
});
