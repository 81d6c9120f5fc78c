import { sql, type Kysely } from 'kysely';

/**
 * One special day per date and shop (DIA_EXISTENTE), and the index the escalation sweep reads.
 *
 * Nothing refused a second row for a date a shop had already closed, so databases may hold
 * duplicates: the oldest row of each (shop, date) stays, keeping "every year" when any of its
 * copies had it (the shop stays closed on every day it was closed on), and the rest go before
 * the unique index replaces the plain one. Nothing references special days by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update dia_especial set recurrente_cada_anio = 1
    where recurrente_cada_anio = 0
      and exists (
        select 1 from dia_especial as otro
        where otro.tienda_id = dia_especial.tienda_id
          and otro.fecha = dia_especial.fecha
          and otro.recurrente_cada_anio = 1
      )`.execute(db);
  await sql`
    delete from dia_especial
    where id not in (select min(id) from dia_especial group by tienda_id, fecha)`.execute(db);
  await db.schema.dropIndex('dia_especial_tienda').execute();
  await db.schema
    .createIndex('dia_especial_tienda_fecha_unique')
    .on('dia_especial')
    .columns(['tienda_id', 'fecha'])
    .unique()
    .execute();

  // The escalation sweep (pedido-escalacion.ts) looks, every few seconds on every instance, for
  // orders still NUEVO and not escalated placed before a cutoff. Only those rows are indexed, so
  // the index stays as small as the orders waiting right now; the sweep's query repeats these
  // conditions as literals so both databases can use it.
  await db.schema
    .createIndex('pedido_por_escalar')
    .on('pedido')
    .column('fecha')
    .where((eb) => eb.and([eb(sql.ref('status'), '=', 'NUEVO'), eb(sql.ref('escalado'), '=', 0)]))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
