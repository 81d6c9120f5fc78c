import { sql, type Kysely } from 'kysely';

/**
 * The indexes of the owner's sales figures (docs/sales.md).
 *
 * `pedido_ventas` holds only COMPLETADO orders, the only ones counted as sales, with every
 * column the sales and cash-close queries read (fecha, method, total), so a year of a busy shop
 * is one range scan of the index without touching the table; the queries repeat
 * `status = 'COMPLETADO'` as a literal so both databases can use it. `pedido_tienda_fecha` serves
 * the CSV export, which takes every order of a range whatever its status, in date order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pedido_ventas')
    .on('pedido')
    .columns(['tienda_id', 'fecha', 'pago_metodo', 'monto_total'])
    .where(sql.ref('status'), '=', 'COMPLETADO')
    .execute();
  await db.schema
    .createIndex('pedido_detalle_ventas')
    .on('pedido_detalle')
    .columns(['pedido_id', 'producto_id', 'cantidad', 'precio'])
    .execute();
  await db.schema
    .createIndex('pedido_tienda_fecha')
    .on('pedido')
    .columns(['tienda_id', 'fecha'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
