import type { Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (http/rate-limit.ts).
 * Made on SQLite too, so both databases keep one schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch: the end of the key's current window.
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    // Whether the last attempt found the key at its limit (read back by the same upsert).
    .addColumn('refused', 'boolean', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
