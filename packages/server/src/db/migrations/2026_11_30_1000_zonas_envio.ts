import { PostgresAdapter, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

/**
 * Delivery zones (docs/api.md, "Delivery zones"): a shop's zones in the owner's order, each
 * with its colonias and postal codes (JSON arrays of strings, as saved), an optional radius in
 * km around the shop's point, its fee and minimum in centavos. An order keeps what the customer
 * said of the address (colonia, postal code, point) and the zone charged, by name; its fee is
 * the order's `costo_de_envio`, so a later edit of the zone never changes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const real = isPostgres ? 'double precision' : 'real';
  await createTableWithId(db, 'tienda_zona')
    .addColumn('tienda_id', 'integer', (col) =>
      col.notNull().references('tienda.id').onDelete('cascade'),
    )
    .addColumn('orden', 'integer', (col) => col.notNull())
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('colonias', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('codigos_postales', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('radio_km', real)
    .addColumn('costo_de_envio', 'integer', (col) => col.notNull())
    .addColumn('monto_minimo', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('activa', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('tienda_zona_tienda_orden')
    .on('tienda_zona')
    .columns(['tienda_id', 'orden'])
    .execute();
  // One column a statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('pedido').addColumn('entrega_colonia', 'text').execute();
  await db.schema.alterTable('pedido').addColumn('entrega_codigo_postal', 'text').execute();
  await db.schema.alterTable('pedido').addColumn('entrega_lat', real).execute();
  await db.schema.alterTable('pedido').addColumn('entrega_lng', real).execute();
  await db.schema.alterTable('pedido').addColumn('zona_nombre', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
