import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

// The second edition's ordering (docs/decisions/0012-ordering-lines-and-guests.md): shop
// delivery and payment settings, pause and sold-out marks, product option groups, basket lines
// keyed by product + options + note, and orders that may have no account (guest and
// owner-typed orders) with delivery, payment, note, acceptance and cancellation details.

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('tienda')
    .addColumn('entrega_recoger', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type, fallback] of [
    ['entrega_domicilio', 'integer', 1],
    ['pago_efectivo', 'integer', 1],
    ['pago_terminal', 'integer', 0],
  ] as const) {
    await db.schema
      .alterTable('tienda')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const column of [
    'transferencia_clabe',
    'transferencia_banco',
    'transferencia_titular',
    // ISO instant: new orders are refused until then.
    'pausado_hasta',
  ]) {
    await db.schema.alterTable('tienda').addColumn(column, 'text').execute();
  }

  // ISO instant (the end of the shop's day): sold out until then.
  await db.schema.alterTable('producto').addColumn('agotado_hasta', 'text').execute();

  await createTableWithId(db, 'producto_grupo')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('minimo', 'integer', (c) => c.notNull())
    .addColumn('maximo', 'integer', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('producto_grupo_tienda_producto')
    .on('producto_grupo')
    .columns(['tienda_id', 'producto_id'])
    .execute();

  await createTableWithId(db, 'producto_opcion')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    .addColumn('grupo_id', 'integer', (c) =>
      c.notNull().references('producto_grupo.id').onDelete('cascade'),
    )
    .addColumn('nombre', 'text', (c) => c.notNull())
    // Centavos.
    .addColumn('precio_extra', 'integer', (c) => c.notNull())
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('orden', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('producto_opcion_tienda_producto')
    .on('producto_opcion')
    .columns(['tienda_id', 'producto_id'])
    .execute();
  await db.schema
    .createIndex('producto_opcion_grupo')
    .on('producto_opcion')
    .column('grupo_id')
    .execute();

  // Basket lines: one per (account, product, option set, note). The old table's unique key was
  // (account, product); a table constraint can't be dropped on SQLite, so the table is rebuilt.
  // Nothing references it.
  await db.schema.alterTable('carrito_linea').renameTo('carrito_linea_v1').execute();
  await createTableWithId(db, 'carrito_linea')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('producto_id', 'integer', (c) => c.notNull().references('producto.id'))
    // Sorted option ids, comma-separated; '' for none.
    .addColumn('opciones', 'text', (c) => c.notNull().defaultTo(''))
    // Trimmed; '' for none.
    .addColumn('nota', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('carrito_linea_identidad_unique', [
      'account_id',
      'producto_id',
      'opciones',
      'nota',
    ])
    .execute();
  await sql`insert into carrito_linea (id, tienda_id, account_id, producto_id, cantidad, created_at, updated_at)
    select id, tienda_id, account_id, producto_id, cantidad, created_at, updated_at from carrito_linea_v1`.execute(
    db,
  );
  await db.schema.dropTable('carrito_linea_v1').execute();
  if (isPostgres) {
    // Rows were copied with their ids: the identity continues after them.
    await sql`select setval(pg_get_serial_sequence('carrito_linea', 'id'), coalesce((select max(id) from carrito_linea), 0) + 1, false)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('carrito_linea_account_tienda')
    .on('carrito_linea')
    .columns(['account_id', 'tienda_id'])
    .execute();

  // Guest and owner-typed orders have no account.
  if (isPostgres) {
    await sql`alter table pedido alter column account_id drop not null`.execute(db);
    await sql`alter table pedido_evento alter column account_id drop not null`.execute(db);
  } else {
    await dropNotNullOnSqlite(db, 'pedido', 'account_id');
    await dropNotNullOnSqlite(db, 'pedido_evento', 'account_id');
  }

  for (const [column, fallback] of [
    ['entrega_tipo', 'DOMICILIO'],
    ['pago_metodo', 'EFECTIVO'],
    ['origen', 'WEB'],
  ] as const) {
    await db.schema
      .alterTable('pedido')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const column of ['pagado', 'invitado', 'escalado']) {
    await db.schema
      .alterTable('pedido')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Centavos.
  await db.schema.alterTable('pedido').addColumn('paga_con', 'integer').execute();
  for (const column of [
    'entrega_referencias',
    'pago_referencia',
    // The shop's transfer details as they were when a transfer order was placed.
    'pago_clabe',
    'pago_banco',
    'pago_titular',
    'nota',
    // The guest's (and the owner's link's) key to the order: random, 128+ bits.
    'seguimiento',
    // A fingerprint of the request body an Idempotency-Key was first used with.
    'idempotency_hash',
    'aceptado_en',
    'listo_estimado',
    'motivo_cancelacion',
    'visto_en',
  ]) {
    await db.schema.alterTable('pedido').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('pedido_seguimiento_unique')
    .on('pedido')
    .column('seguimiento')
    .unique()
    .execute();
  // Orders without an account: an Idempotency-Key is unique per shop.
  await db.schema
    .createIndex('pedido_sin_cuenta_idempotency_unique')
    .on('pedido')
    .columns(['tienda_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('account_id'), 'is', null)
    .execute();
  // A guest's tracking stream reads its order's events.
  await db.schema
    .createIndex('pedido_evento_pedido_id')
    .on('pedido_evento')
    .columns(['pedido_id', 'id'])
    .execute();
  // At most 3 NUEVO orders per phone per shop.
  await db.schema
    .createIndex('pedido_tienda_celular_status')
    .on('pedido')
    .columns(['tienda_id', 'celular', 'status'])
    .execute();

  // The line's options as ordered: JSON [{id, grupo, nombre, precioExtra (centavos)}].
  await db.schema
    .alterTable('pedido_detalle')
    .addColumn('opciones', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('pedido_detalle').addColumn('nota', 'text').execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt from its own CREATE statement with that
 * one column changed, its rows and indexes kept (SQLite's documented procedure; migrate.ts runs
 * it with foreign keys off and checks them before committing).
 */
async function dropNotNullOnSqlite(db: Kysely<unknown>, table: string, column: string) {
  const create = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const original = create.rows[0]?.sql ?? '';
  const notNull = `"${column}" integer not null`;
  // SQLite keeps the statement as written, but with its head as CREATE TABLE.
  const head = new RegExp(`^create table "${table}"`, 'i');
  if (!original.includes(notNull) || !head.test(original)) {
    throw new Error(`${table}.${column}: unexpected definition`);
  }
  const rebuilt = original
    .replace(notNull, `"${column}" integer`)
    .replace(head, `create table "${table}_nuevo"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}_nuevo" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_nuevo" rename to "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
