import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'tienda')
    .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('account.id'))
    .addColumn('usuario', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull().defaultTo('N/A'))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo('N/A'))
    .addColumn('monto_minimo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('costo_de_envio', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('radio_monto_minimo', 'text', (c) => c.notNull().defaultTo('no'))
    .addColumn('radio_costo_de_envio', 'text', (c) => c.notNull().defaultTo('no'))
    .addColumn('configured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/Mexico_City'))
    // Raised by every change to the shop, its catalogue, hours or special days: the public
    // page's ETag and cache key.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The admin's pending list and the public list filter on these flags.
  await db.schema
    .createIndex('tienda_visibility')
    .on('tienda')
    .columns(['deleted', 'approved', 'activated', 'configured'])
    .execute();

  await createTableWithId(db, 'categoria')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_without_spaces', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('categoria_tienda_segment_unique')
    .on('categoria')
    .columns(['tienda_id', 'title_without_spaces'])
    .unique()
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  await db.schema.createIndex('categoria_tienda').on('categoria').column('tienda_id').execute();

  await createTableWithId(db, 'producto')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('categoria_id', 'integer', (c) => c.notNull().references('categoria.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('detalle', 'text', (c) => c.notNull())
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('producto_categoria_name_unique')
    .on('producto')
    .columns(['categoria_id', 'name_key'])
    .unique()
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('producto_tienda_categoria')
    .on('producto')
    .columns(['tienda_id', 'categoria_id'])
    .execute();

  await createTableWithId(db, 'horario')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('dia', 'text', (c) => c.notNull())
    .addColumn('apertura', 'text', (c) => c.notNull())
    .addColumn('cierre', 'text', (c) => c.notNull())
    .addColumn('cerrado', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('horario_tienda_dia_unique', ['tienda_id', 'dia'])
    .execute();

  await createTableWithId(db, 'dia_especial')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('fecha', 'text', (c) => c.notNull())
    .addColumn('recurrente_cada_anio', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dia_especial_tienda')
    .on('dia_especial')
    .columns(['tienda_id', 'fecha'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
