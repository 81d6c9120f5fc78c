import type { Kysely } from 'kysely';

/**
 * Which shop uploaded which image (docs/reliability.md, "Limits"): the disk quota sums a shop's bytes, the
 * orphan sweep finds old uploads nothing references, and a catalogue's `imageUrl` must name
 * one of these or a file already in storage (docs/reliability.md, "Image paths"). One row per original image; `bytes` counts
 * the original and its smaller copies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imagen')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    // ISO instant of the upload (refreshed when the same image is uploaded again).
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imagen_tienda').on('imagen').column('tienda_id').execute();
  await db.schema.createIndex('imagen_created_at').on('imagen').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
