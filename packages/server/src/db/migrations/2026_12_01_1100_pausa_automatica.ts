import { sql, type Kysely } from 'kysely';

/**
 * The automatic pause's sweep (modules/tiendas/pausa-automatica.ts) looks, every few seconds on
 * every instance, for shops with the setting on. Only those shops are indexed, so a sweep over
 * a database where few shops use it reads a few rows instead of every shop (and PostgreSQL plans
 * it as the small query it is). The columns are the visibility flags the sweep also checks, so
 * SQLite, which keeps no statistics here, picks this index over `tienda_visibility`; the
 * sweep's query repeats `pausa_automatica_activa = 1` as a literal so both databases can use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tienda_pausa_automatica')
    .on('tienda')
    .columns(['deleted', 'approved', 'activated'])
    .where(sql.ref('pausa_automatica_activa'), '=', 1)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
