import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

/**
 * A shop's staff and who acted on each order (docs/api.md, "Staff and the kitchen").
 *
 * `personal`: one row per invitation; it becomes the member once accepted (`account_id` set,
 * `estado` ACTIVO) and stays, `estado` BAJA, after a removal, so the orders they touched keep
 * their names. Only the SHA-256 of an invitation's token is kept. A member's account has the
 * role PERSONAL; what they may do is read from here on every request, so a role change or a
 * removal applies at once on every instance.
 *
 * Orders gain `listo_en` (the LISTO state) and four who-acted columns, each the JSON
 * `{"nombreCompleto", "rol"}` of the person as they were when they acted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'personal')
    .addColumn('tienda_id', 'integer', (col) => col.notNull().references('tienda.id'))
    .addColumn('account_id', 'integer', (col) => col.references('account.id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('nombre_completo', 'text', (col) => col.notNull())
    .addColumn('rol', 'text', (col) => col.notNull())
    .addColumn('estado', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('invitado_en', 'text', (col) => col.notNull())
    .addColumn('expira_en', 'text', (col) => col.notNull())
    .addColumn('aceptado_en', 'text')
    .addColumn('baja_en', 'text')
    .addColumn('ultimo_acceso', 'text')
    .execute();
  await db.schema.createIndex('personal_tienda').on('personal').column('tienda_id').execute();
  await db.schema
    .createIndex('personal_account')
    .unique()
    .on('personal')
    .column('account_id')
    .where(sql.ref('account_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('personal_token')
    .unique()
    .on('personal')
    .column('token_hash')
    .where(sql.ref('token_hash'), 'is not', null)
    .execute();
  // One column a statement: SQLite adds one column per ALTER TABLE.
  for (const column of [
    'listo_en',
    'aceptado_por',
    'listo_por',
    'completado_por',
    'cancelado_por',
  ]) {
    await db.schema.alterTable('pedido').addColumn(column, 'text').execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
