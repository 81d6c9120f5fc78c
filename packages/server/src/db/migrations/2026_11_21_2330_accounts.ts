import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'account')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('usuario', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('celular', 'text', (c) => c.unique())
    .addColumn('nombre_completo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('direccion_entrega', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Shoppers all share 'N/A'; a shop's usuario is its public address and must be unique.
  await db.schema
    .createIndex('account_usuario_unique')
    .on('account')
    .column('usuario')
    .unique()
    .where(sql.ref('usuario'), '<>', 'N/A')
    .execute();

  await db.schema
    .createTable('revoked_token')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_token_expires_at')
    .on('revoked_token')
    .column('expires_at')
    .execute();

  await createTableWithId(db, 'password_reset_secret')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_secret_account')
    .on('password_reset_secret')
    .column('account_id')
    .execute();

  await createTableWithId(db, 'phone_reset_code')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_reset_code_account')
    .on('phone_reset_code')
    .columns(['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
