import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/dialects.js';
import type { DbHandle } from './create-db.js';
import { migrateToLatest, migrations } from './migrate.js';
import { createDatabaseAt, type OldDb } from '../../test/migration-factories.js';

// Every migration applied to a database the previous version filled (docs/operations.md,
// "Migrations"): for each migration N a fresh database is migrated to N-1, given a shop's
// worth of rows in every table that version has (accounts, shop, catalogue with options,
// hours, special days, basket lines, orders with lines and events, push subscriptions, images,
// settings and rate limits), then migrated to the latest. Every row must survive: the same
// count per table, and every column both versions have holds the same value. Runs on SQLite and
// on PostgreSQL (TEST_DATABASE_URL), as every migration must work on both.

// Rows are written with whatever columns the old version has, not the app's Database type (OldDb).
type Row = Record<string, unknown>;

const NAMES = Object.keys(migrations).sort();
const AT = '2026-11-20T18:00:00.000Z';
const LATER = '2026-11-20T18:40:00.000Z';

/** How each table's rows are told apart (its key), so before and after compare row by row. */
const KEY: Record<string, string> = {
  revoked_token: 'jti',
  setting: 'key',
  rate_limit: 'key',
  imagen: 'name',
};

/**
 * The rows of one realistic shop, with every column any version had (the filler keeps those the
 * table has at that version). Parents come first; ids are given so children can name them.
 */
function realisticRows(): [table: string, rows: Row[]][] {
  const account = (id: number, extra: Row): Row => ({
    id,
    password_hash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    token_version: 0,
    created_at: AT,
    ...extra,
  });
  const tienda: Row = {
    id: 1,
    account_id: 1,
    usuario: 'taqueria-lupe',
    nombre: 'Taquería Lupe',
    image_url: '/images/lupe.webp',
    monto_minimo: 10000,
    costo_de_envio: 2500,
    radio_monto_minimo: 'si',
    radio_costo_de_envio: 'si',
    configured: 1,
    approved: 1,
    activated: 1,
    deleted: 0,
    time_zone: 'America/Mexico_City',
    version: 7,
    pedidos_version: 3,
    entrega_recoger: 1,
    entrega_domicilio: 1,
    pago_efectivo: 1,
    pago_terminal: 0,
    transferencia_clabe: '002180700012345675',
    transferencia_banco: 'Banamex',
    transferencia_titular: 'Guadalupe Pérez',
    pausado_hasta: null,
    created_at: AT,
    updated_at: AT,
  };
  const producto = (id: number, name: string, price: number): Row => ({
    id,
    tienda_id: 1,
    categoria_id: 1,
    name,
    name_key: name.toLowerCase(),
    price,
    image_url: `/images/${id}.webp`,
    descripcion: `${name} con cebolla y cilantro`,
    detalle: 'Orden de 3',
    activated: 1,
    deleted: 0,
    agotado_hasta: null,
    created_at: AT,
    updated_at: AT,
  });
  const pedido = (id: number, extra: Row): Row => ({
    id,
    tienda_id: 1,
    account_id: 2,
    status: 'NUEVO',
    fecha: AT,
    cantidad_de_articulos: 3,
    subtotal: 15000,
    costo_de_envio: 2500,
    monto_total: 17500,
    nombre_tienda: 'Taquería Lupe',
    usuario_tienda: 'taqueria-lupe',
    tienda_image_url: '/images/lupe.webp',
    celular_tienda: '5511110000',
    nombre_completo: 'Ana López',
    celular: '5522220000',
    direccion_entrega: 'Calle Pino 10, Centro',
    idempotency_key: null,
    updated_at: AT,
    entrega_tipo: 'DOMICILIO',
    pago_metodo: 'EFECTIVO',
    origen: 'WEB',
    pagado: 0,
    invitado: 0,
    escalado: 0,
    paga_con: 20000,
    entrega_referencias: 'Portón verde',
    nota: 'Sin picante',
    aceptado_en: null,
    listo_estimado: null,
    motivo_cancelacion: null,
    visto_en: null,
    ...extra,
  });
  return [
    [
      'account',
      [
        account(1, {
          email: 'tienda@lupe.mx',
          usuario: 'taqueria-lupe',
          role: 'TIENDA',
          celular: '5511110000',
        }),
        account(2, {
          email: 'ana@correo.mx',
          usuario: 'N/A',
          role: 'USUARIO',
          celular: '5522220000',
          nombre_completo: 'Ana López',
          direccion_entrega: 'Calle Pino 10, Centro',
        }),
        account(3, { email: 'admin@tianguis.mx', usuario: 'N/A', role: 'ADMIN', celular: null }),
      ],
    ],
    ['revoked_token', [{ jti: 'b1946ac9-2f35', expires_at: '2026-11-27T18:00:00.000Z' }]],
    [
      'password_reset_secret',
      [{ id: 1, account_id: 2, secret_hash: 'f00d', expires_at: LATER, created_at: AT }],
    ],
    [
      'phone_reset_code',
      [{ id: 1, account_id: 2, code_hash: 'c0de', attempts: 1, expires_at: LATER, created_at: AT }],
    ],
    ['setting', [{ key: 'jwt_secret', value: 'un-secreto-de-pruebas-de-32-caracteres' }]],
    ['tienda', [tienda]],
    [
      'categoria',
      [
        {
          id: 1,
          tienda_id: 1,
          title: 'Tacos',
          title_without_spaces: 'tacos',
          image_url: '/images/tacos.webp',
          deleted: 0,
          created_at: AT,
          updated_at: AT,
        },
      ],
    ],
    ['producto', [producto(1, 'Pastor', 5000), producto(2, 'Suadero', 5500)]],
    [
      'producto_grupo',
      [{ id: 1, tienda_id: 1, producto_id: 1, nombre: 'Tortilla', minimo: 1, maximo: 1, orden: 0 }],
    ],
    [
      'producto_opcion',
      [
        {
          id: 1,
          tienda_id: 1,
          producto_id: 1,
          grupo_id: 1,
          nombre: 'Maíz',
          precio_extra: 0,
          activo: 1,
          orden: 0,
        },
        {
          id: 2,
          tienda_id: 1,
          producto_id: 1,
          grupo_id: 1,
          nombre: 'Harina',
          precio_extra: 500,
          activo: 1,
          orden: 1,
        },
      ],
    ],
    [
      'horario',
      [
        { id: 1, tienda_id: 1, dia: 'LUNES', apertura: '18:00', cierre: '02:00', cerrado: 0 },
        { id: 2, tienda_id: 1, dia: 'DOMINGO', apertura: '00:00', cierre: '00:00', cerrado: 1 },
      ],
    ],
    [
      'dia_especial',
      [
        { id: 1, tienda_id: 1, fecha: '2026-12-25', recurrente_cada_anio: 1, created_at: AT },
        { id: 2, tienda_id: 1, fecha: '2026-12-12', recurrente_cada_anio: 0, created_at: AT },
      ],
    ],
    [
      'carrito_linea',
      [
        {
          id: 1,
          tienda_id: 1,
          account_id: 2,
          producto_id: 2,
          opciones: '',
          nota: '',
          cantidad: 2,
          created_at: AT,
          updated_at: AT,
        },
      ],
    ],
    [
      'pedido',
      [
        pedido(1, { idempotency_key: 'clave-1' }),
        pedido(2, {
          status: 'COMPLETADO',
          fecha: '2026-11-19T20:00:00.000Z',
          cantidad_de_articulos: 1,
          subtotal: 5500,
          costo_de_envio: 0,
          monto_total: 5500,
          entrega_tipo: 'RECOGER',
          pago_metodo: 'TRANSFERENCIA',
          pagado: 1,
          paga_con: null,
          pago_referencia: 'REF123',
          pago_clabe: '002180700012345675',
          pago_banco: 'Banamex',
          pago_titular: 'Guadalupe Pérez',
          aceptado_en: '2026-11-19T20:01:00.000Z',
          listo_estimado: '2026-11-19T20:20:00.000Z',
          visto_en: '2026-11-19T20:00:30.000Z',
        }),
      ],
    ],
    [
      'pedido_detalle',
      [
        {
          id: 1,
          pedido_id: 1,
          tienda_id: 1,
          producto_id: 1,
          nombre_producto: 'Pastor',
          imagen_producto: '/images/1.webp',
          cantidad: 2,
          precio: 5000,
          opciones: '[{"id":1,"grupo":"Tortilla","nombre":"Maíz","precioExtra":0}]',
          nota: 'Con todo',
        },
        {
          id: 2,
          pedido_id: 1,
          tienda_id: 1,
          producto_id: 2,
          nombre_producto: 'Suadero',
          imagen_producto: '/images/2.webp',
          cantidad: 1,
          precio: 5000,
          opciones: '[]',
          nota: null,
        },
        {
          id: 3,
          pedido_id: 2,
          tienda_id: 1,
          producto_id: 2,
          nombre_producto: 'Suadero',
          imagen_producto: '/images/2.webp',
          cantidad: 1,
          precio: 5500,
          opciones: '[]',
          nota: null,
        },
      ],
    ],
    [
      'pedido_evento',
      [
        { id: 1, tienda_id: 1, account_id: 2, pedido_id: 1, tipo: 'NUEVO', created_at: AT },
        { id: 2, tienda_id: 1, account_id: 2, pedido_id: 2, tipo: 'NUEVO', created_at: AT },
        { id: 3, tienda_id: 1, account_id: 2, pedido_id: 2, tipo: 'COMPLETADO', created_at: LATER },
      ],
    ],
    ['rate_limit', [{ key: 'login:127.0.0.1', count: 3, reset_at: 1795000000000, refused: 0 }]],
    ['imagen', [{ name: 'lupe.webp', tienda_id: 1, bytes: 48213, created_at: AT }]],
    [
      'push_suscripcion',
      [
        {
          id: 1,
          endpoint: 'https://fcm.googleapis.com/fcm/send/duena',
          p256dh: 'BOr3Lx',
          auth: 'k3y',
          account_id: 1,
          pedido_id: null,
          created_at: AT,
        },
        {
          id: 2,
          endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/invitado',
          p256dh: 'BPq9',
          auth: 'a8h',
          account_id: null,
          pedido_id: 1,
          created_at: AT,
        },
      ],
    ],
  ];
}

/** Writes the realistic rows into the tables this version has, with the columns it has. */
async function fill(
  db: OldDb,
  dialect: TestDatabase['dialect'],
  skip: readonly string[] = [],
): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const filled: string[] = [];
  for (const [name, rows] of realisticRows()) {
    const table = tables.find((t) => t.name === name);
    if (!table || skip.includes(name)) continue;
    const missing = table.columns.filter(
      (c) => !c.isNullable && !c.hasDefaultValue && !c.isAutoIncrementing && !(c.name in rows[0]!),
    );
    // A new required column must be given a realistic value above, or this test would not fill
    // the table the way the app does.
    expect(
      missing.map((c) => c.name),
      `${name}: columnas obligatorias sin valor`,
    ).toEqual([]);
    for (const row of rows)
      await db
        .insertInto(name)
        .values(await withColumnsOf(db, name, row))
        .execute();
    filled.push(name);
  }
  // Ids were given, so PostgreSQL's identity sequences must be moved past them, as the app's
  // own inserts would have.
  if (dialect === 'postgres') {
    for (const name of filled) {
      if (KEY[name]) continue;
      await sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.table(name)}))`.execute(
        db,
      );
    }
  }
  return filled;
}

/** The values of `row` that `table` has columns for now (undefined ones left out). */
async function withColumnsOf(db: OldDb, table: string, row: Row): Promise<Row> {
  const found = (await db.introspection.getTables()).find((t) => t.name === table);
  const columns = new Set(found?.columns.map((c) => c.name));
  return Object.fromEntries(
    Object.entries(row).filter(([c, v]) => columns.has(c) && v !== undefined),
  );
}

async function readRows(db: OldDb, table: string): Promise<Row[]> {
  const key = KEY[table] ?? 'id';
  return db.selectFrom(table).selectAll().orderBy(key).execute();
}

/** Booleans and integers of SQLite, bigints as text of PostgreSQL: compared as the app reads. */
function comparable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^\d{10,}$/.test(value)) return Number(value);
  return value;
}

describe.each(NAMES.slice(1).map((name, i) => [name, NAMES[i]!] as const))(
  'migration %s on a database filled at %s',
  (migration, previous) => {
    let database: TestDatabase;
    let handle: DbHandle;
    let filled: string[];
    const before: Record<string, Row[]> = {};

    beforeAll(async () => {
      const made = await createDatabaseAt(previous);
      ({ database, handle } = made);
      const { db } = made;
      filled = await fill(db, database.dialect);
      for (const table of filled) before[table] = await readRows(db, table);
    });
    afterAll(async () => {
      await handle?.db.destroy();
      await database?.drop();
    });

    it('migrates to the latest and every row survives with its values', async () => {
      const applied = await migrateToLatest(handle.db);
      expect(applied[0]).toBe(migration);
      expect(applied.at(-1)).toBe(NAMES.at(-1));

      const db = handle.db as unknown as OldDb;
      for (const table of filled) {
        const after = await readRows(db, table);
        expect(after.length, `${table}: filas`).toBe(before[table]!.length);
        after.forEach((row, i) => {
          const old = before[table]![i]!;
          const kept = Object.keys(old).filter((c) => c in row);
          expect(
            Object.fromEntries(kept.map((c) => [c, comparable(row[c])])),
            `${table} #${String(old[KEY[table] ?? 'id'])}`,
          ).toEqual(Object.fromEntries(kept.map((c) => [c, comparable(old[c])])));
        });
      }
    });

    it('the app can go on writing after it: a new order and a new basket line get fresh ids', async () => {
      const db = handle.db as unknown as OldDb;
      // The tables the old version lacked get their rows now, as the new version's app would.
      await fill(db, database.dialect, filled);
      const template = Object.fromEntries(realisticRows());
      const pedido = await db
        .insertInto('pedido')
        .values(
          await withColumnsOf(db, 'pedido', {
            ...template.pedido![0]!,
            id: undefined,
            idempotency_key: 'clave-nueva',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(pedido.id)).toBeGreaterThan(2);
      const linea = await db
        .insertInto('carrito_linea')
        .values(
          await withColumnsOf(db, 'carrito_linea', {
            ...template.carrito_linea![0]!,
            id: undefined,
            producto_id: 1,
            opciones: '[1]',
            nota: 'nueva',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(linea.id)).toBeGreaterThan(1);
    });
  },
);
