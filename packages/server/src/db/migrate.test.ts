import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/dialects.js';
import { createDb, type DbHandle } from './create-db.js';
import { migrateToLatest, migrations } from './migrate.js';

/** The tables that belong to one shop: each carries tienda_id. */
const shopOwned = [
  'categoria',
  'producto',
  'horario',
  'dia_especial',
  'carrito_linea',
  'pedido',
  'pedido_detalle',
  'tienda_zona',
];

const tables = [
  'account',
  'revoked_token',
  'password_reset_secret',
  'phone_reset_code',
  'setting',
  'tienda',
  ...shopOwned,
  'pedido_evento',
  'push_suscripcion',
];

describe('migrations', () => {
  let database: TestDatabase;
  let handles: DbHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.db.destroy()));
    await database.drop();
  });

  // better-sqlite3 is synchronous: two connections in one process would wait on each other's
  // lock inside one thread, so on SQLite the boots run one after the other here.
  it('two boots apply each migration exactly once (at the same time on PostgreSQL)', async () => {
    handles = [createDb(database.url), createDb(database.url)];
    const [a, b] =
      database.dialect === 'postgres'
        ? await Promise.all(handles.map((h) => migrateToLatest(h.db)))
        : [await migrateToLatest(handles[0]!.db), await migrateToLatest(handles[1]!.db)];
    expect([...a!, ...b!].sort()).toEqual([
      '2026_11_21_2330_accounts',
      '2026_11_21_2331_catalogue',
      '2026_11_21_2332_orders',
      '2026_11_22_0030_pedido_eventos',
      '2026_11_23_1500_rate_limit',
      '2026_11_25_1000_ordering',
      '2026_11_25_1400_imagenes',
      '2026_11_25_1600_push',
      '2026_11_25_1610_dia_especial_unico',
      '2026_11_27_0800_sin_pedidos_version',
      '2026_11_27_0900_ventas',
      '2026_11_28_1200_nuevos_por_celular',
      '2026_11_29_1000_tienda_contacto',
      '2026_11_29_1100_tienda_ubicacion',
      '2026_11_30_1000_zonas_envio',
      '2026_12_01_1000_programacion',
      '2026_12_01_1100_pausa_automatica',
      '2026_12_02_1000_personal',
    ]);
  });

  it('creates the whole schema', async () => {
    const found = (await handles[0]!.db.introspection.getTables()).map((t) => t.name);
    expect(found).toEqual(expect.arrayContaining(tables));
  });

  it('puts tienda_id on every shop-owned table', async () => {
    const all = await handles[0]!.db.introspection.getTables();
    for (const name of shopOwned) {
      const table = all.find((t) => t.name === name);
      expect(
        table?.columns.map((c) => c.name),
        name,
      ).toContain('tienda_id');
    }
  });

  it('runs again as a no-op', async () => {
    expect(await migrateToLatest(handles[1]!.db)).toEqual([]);
  });

  it('leaves nothing of a run that fails part way, not even the migrations before it', async () => {
    const fresh = await createTestDatabase();
    const handle = createDb(fresh.url);
    const failing = '2099_12_31_2359_falla';
    migrations[failing] = {
      up: async (db) => {
        await db.schema.createTable('tabla_a_medias').addColumn('id', 'integer').execute();
        throw new Error('falla a propósito');
      },
    };
    try {
      await expect(migrateToLatest(handle.db)).rejects.toThrow('falla a propósito');
      const found = (await handle.db.introspection.getTables()).map((t) => t.name);
      expect(found).not.toContain('tabla_a_medias');
      expect(found).not.toContain('account');
    } finally {
      delete migrations[failing];
      await handle.db.destroy();
      await fresh.drop();
    }
  });

  if (process.env.TEST_DATABASE_URL === undefined) {
    it('opens SQLite with WAL, foreign keys and synchronous=FULL', async () => {
      const { sql } = await import('kysely');
      const db = handles[0]!.db;
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      expect(sync.rows[0]?.synchronous).toBe(2);
    });
  }
});
