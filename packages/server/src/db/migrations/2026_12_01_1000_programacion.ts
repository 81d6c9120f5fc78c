import { sql, type Kysely } from 'kysely';

/**
 * Orders for later, the kitchen's pace and the busy mode (docs/api.md, "Orders for later"):
 * the shop's scheduling settings and automatic pause, its busy delay (minutes, in force until
 * `demora_hasta`, the end of the day it was set), and when it last paused itself. An order for
 * later keeps the start of its slot; a partial index over those orders alone counts a slot's
 * places without costing an order placed for now anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tienda = (name: string, type: 'integer' | 'text', defaultTo?: number): Promise<void> =>
    db.schema
      .alterTable('tienda')
      .addColumn(name, type, (col) =>
        defaultTo === undefined ? col : col.notNull().defaultTo(defaultTo),
      )
      .execute();
  // One column a statement: SQLite adds one column per ALTER TABLE.
  await tienda('programacion_activa', 'integer', 0);
  await tienda('programacion_dias_adelante', 'integer', 0);
  await tienda('programacion_intervalo_min', 'integer', 30);
  await tienda('programacion_pedidos_por_intervalo', 'integer');
  await tienda('programacion_preparacion_min', 'integer', 20);
  await tienda('pausa_automatica_activa', 'integer', 0);
  await tienda('pausa_automatica_pedidos', 'integer', 3);
  await tienda('pausa_automatica_en', 'text');
  await tienda('demora_min', 'integer', 0);
  await tienda('demora_hasta', 'text');
  await db.schema.alterTable('pedido').addColumn('programado_para', 'text').execute();
  await db.schema
    .createIndex('pedido_tienda_programado')
    .on('pedido')
    .columns(['tienda_id', 'programado_para'])
    .where(sql.ref('programado_para'), 'is not', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
