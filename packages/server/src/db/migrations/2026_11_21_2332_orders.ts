import type { Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrito_linea')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('carrito_linea_account_producto_unique', ['account_id', 'producto_id'])
    .execute();
  await db.schema
    .createIndex('carrito_linea_account_tienda')
    .on('carrito_linea')
    .columns(['account_id', 'tienda_id'])
    .execute();

  await createTableWithId(db, 'pedido')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fecha', 'text', (c) => c.notNull())
    .addColumn('cantidad_de_articulos', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('costo_de_envio', 'integer', (c) => c.notNull())
    .addColumn('monto_total', 'integer', (c) => c.notNull())
    .addColumn('nombre_tienda', 'text', (c) => c.notNull())
    .addColumn('usuario_tienda', 'text', (c) => c.notNull())
    .addColumn('tienda_image_url', 'text', (c) => c.notNull())
    .addColumn('celular_tienda', 'text', (c) => c.notNull())
    .addColumn('nombre_completo', 'text', (c) => c.notNull())
    .addColumn('celular', 'text', (c) => c.notNull())
    .addColumn('direccion_entrega', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pedido_account_idempotency_unique', ['account_id', 'idempotency_key'])
    .execute();
  // Owner list (newest first, by status, from a cursor) and shopper list.
  await db.schema
    .createIndex('pedido_tienda_id')
    .on('pedido')
    .columns(['tienda_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pedido_tienda_status_id')
    .on('pedido')
    .columns(['tienda_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('pedido_account_id')
    .on('pedido')
    .columns(['account_id', 'id'])
    .execute();

  await createTableWithId(db, 'pedido_detalle')
    .addColumn('pedido_id', 'integer', (c) =>
      c.notNull().references('pedido.id').onDelete('cascade'),
    )
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('nombre_producto', 'text', (c) => c.notNull())
    .addColumn('imagen_producto', 'text', (c) => c.notNull())
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('precio', 'integer', (c) => c.notNull())
    .execute();
  // Raised by every new order and status change: the owner's order list ETag.
  await db.schema
    .alterTable('tienda')
    .addColumn('pedidos_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createIndex('pedido_detalle_pedido')
    .on('pedido_detalle')
    .column('pedido_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
