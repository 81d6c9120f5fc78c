import type { DeleteResult, UpdateResult } from 'kysely';

/** Whether a query finds a row: a repository's existence check (a name taken, a known shop). */
export async function existsRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Whether a guarded UPDATE or DELETE of one row changed it: false when its conditions (the row is
 * the caller's, in the state the change expects) left it alone.
 */
export async function changedOneRow(query: {
  executeTakeFirst(): Promise<UpdateResult | DeleteResult>;
}): Promise<boolean> {
  const result = await query.executeTakeFirst();
  return Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows) === 1;
}

/** The id of the row an INSERT … RETURNING id made. */
export async function insertedId(query: {
  executeTakeFirstOrThrow(): Promise<{ id: number }>;
}): Promise<number> {
  return (await query.executeTakeFirstOrThrow()).id;
}
