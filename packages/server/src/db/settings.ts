import type { Db } from './database.js';

/** Reads a setting, creating it with `make()` on first use; the first process to write wins. */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db
    .insertInto('setting')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
