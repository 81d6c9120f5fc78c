import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.js';
import { migrateToLatest, migrations } from '../src/db/migrate.js';
import { hashPassword } from '../src/modules/accounts/password.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { ok } from './catalogo-factories.js';
import type { TestDatabase } from './dialects.js';
import {
  call,
  CART,
  comoDelDueno,
  expectCartShape,
  expectPedidoShape,
  expectTotalsExact,
  PEDIDO,
  type CarritoGrupo,
  type Pedido,
} from './pedido-factories.js';
import { createDatabaseAt, type OldDb } from './migration-factories.js';

// The second edition's ordering migration (2026_11_25_1000_ordering) on a database the first
// edition filled: every shop, product, basket line, order, order line and event is kept, reads
// back through today's API with the first edition's meaning, and the foreign keys still hold.

// The rows are written with the first edition's columns, not the app's Database type (OldDb).

const BEFORE = '2026_11_23_1500_rate_limit';
const PASSWORD = 'Secreta123';
const TABLES = [
  'account',
  'tienda',
  'categoria',
  'producto',
  'carrito_linea',
  'pedido',
  'pedido_detalle',
  'pedido_evento',
] as const;

/** Old columns later migrations drop: the order counter on the shop's row (docs/write-path.md). */
const DROPPED: Partial<Record<string, string[]>> = { tienda: ['pedidos_version'] };

describe('the ordering migration on a first-edition database', () => {
  let database: TestDatabase;
  let handle: DbHandle | undefined;
  let server: TestServer | undefined;
  const ids = {
    owner: 0,
    shopper: 0,
    tienda: 0,
    categoria: 0,
    taco: 0,
    agua: 0,
    lineas: [] as number[],
    nuevo: 0,
    completado: 0,
  };
  let countsBefore: Record<string, number>;
  let rowsBefore: Record<string, unknown[]>;

  const countAll = async (db: OldDb) => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  };

  beforeAll(async () => {
    const made = await createDatabaseAt(BEFORE);
    ({ database, handle } = made);
    const { db } = made;

    // The first edition's rows, with its columns only.
    const now = '2026-11-20T18:00:00.000Z';
    const passwordHash = await hashPassword(PASSWORD);
    const insert = async (table: string, values: Record<string, unknown>) =>
      (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow())
        .id as number;
    ids.owner = await insert('account', {
      email: 'duena.vieja@correo.com',
      password_hash: passwordHash,
      usuario: 'fondavieja',
      role: 'TIENDA',
      celular: '5511110000',
      created_at: now,
    });
    ids.shopper = await insert('account', {
      email: 'cliente.viejo@correo.com',
      password_hash: passwordHash,
      usuario: 'N/A',
      role: 'USUARIO',
      celular: '5522220000',
      nombre_completo: 'Cliente De Antes',
      direccion_entrega: 'Calle Vieja 10, Centro',
      created_at: now,
    });
    ids.tienda = await insert('tienda', {
      account_id: ids.owner,
      usuario: 'fondavieja',
      nombre: 'fonda vieja',
      image_url: '/images/vieja.png',
      costo_de_envio: 1500,
      radio_costo_de_envio: 'si',
      configured: 1,
      approved: 1,
      created_at: now,
      updated_at: now,
    });
    ids.categoria = await insert('categoria', {
      tienda_id: ids.tienda,
      title: 'Tacos',
      title_without_spaces: 'tacos',
      image_url: '/images/cat.png',
      created_at: now,
      updated_at: now,
    });
    const producto = (name: string, price: number) =>
      insert('producto', {
        tienda_id: ids.tienda,
        categoria_id: ids.categoria,
        name,
        name_key: name.toLowerCase(),
        price,
        image_url: `/images/${name.length}.png`,
        descripcion: 'De siempre',
        detalle: 'Con salsa',
        created_at: now,
        updated_at: now,
      });
    ids.taco = await producto('Taco de bistec', 1999);
    ids.agua = await producto('Agua de horchata', 2500);
    for (const [productoId, cantidad] of [
      [ids.taco, 3],
      [ids.agua, 1],
    ] as const) {
      ids.lineas.push(
        await insert('carrito_linea', {
          tienda_id: ids.tienda,
          account_id: ids.shopper,
          producto_id: productoId,
          cantidad,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    const pedido = async (status: string, key: string | null) => {
      const id = await insert('pedido', {
        tienda_id: ids.tienda,
        account_id: ids.shopper,
        status,
        fecha: now,
        cantidad_de_articulos: 3,
        subtotal: 4498,
        costo_de_envio: 1500,
        monto_total: 5998,
        nombre_tienda: 'fonda vieja',
        usuario_tienda: 'fondavieja',
        tienda_image_url: '/images/vieja.png',
        celular_tienda: '5511110000',
        nombre_completo: 'Cliente De Antes',
        celular: '5522220000',
        direccion_entrega: 'Calle Vieja 10, Centro',
        idempotency_key: key,
        updated_at: now,
      });
      for (const [productoId, nombre, cantidad, precio] of [
        [ids.taco, 'Taco de bistec', 2, 999],
        [ids.agua, 'Agua de horchata', 1, 2500],
      ] as const) {
        await insert('pedido_detalle', {
          pedido_id: id,
          tienda_id: ids.tienda,
          producto_id: productoId,
          nombre_producto: nombre,
          imagen_producto: '/images/old.png',
          cantidad,
          precio,
        });
      }
      await insert('pedido_evento', {
        tienda_id: ids.tienda,
        account_id: ids.shopper,
        pedido_id: id,
        tipo: 'NUEVO',
        created_at: now,
      });
      return id;
    };
    ids.nuevo = await pedido('NUEVO', 'clave-vieja-1');
    ids.completado = await pedido('COMPLETADO', null);
    await insert('pedido_evento', {
      tienda_id: ids.tienda,
      account_id: ids.shopper,
      pedido_id: ids.completado,
      tipo: 'COMPLETADO',
      created_at: now,
    });

    countsBefore = await countAll(db);
    rowsBefore = {};
    for (const table of TABLES) {
      rowsBefore[table] = await db.selectFrom(table).selectAll().orderBy('id').execute();
    }
    // Everything from the ordering migration on (later ones included, as the build ships them).
    const names = Object.keys(migrations);
    expect(await migrateToLatest(handle.db)).toEqual(
      names.slice(names.indexOf('2026_11_25_1000_ordering')),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.db.destroy().catch(() => undefined);
    await database.drop();
  });

  it('keeps every row, each with its old columns’ values', async () => {
    const db = handle!.db as unknown as OldDb;
    expect(await countAll(db)).toEqual(countsBefore);
    for (const table of TABLES) {
      const after = await db.selectFrom(table).selectAll().orderBy('id').execute();
      // Columns a later migration drops on purpose are not kept.
      const kept = (row: Record<string, unknown>) =>
        Object.keys(row).filter((column) => !DROPPED[table]?.includes(column));
      const before = (rowsBefore[table] as Record<string, unknown>[]).map((row) =>
        pick(row, kept(row)),
      );
      expect(
        after.map((row, i) => pick(row, Object.keys(before[i]!))),
        table,
      ).toEqual(before);
    }
    // The new columns hold the first edition's behaviour.
    const tienda = await db.selectFrom('tienda').selectAll().executeTakeFirstOrThrow();
    expect(tienda).toMatchObject({
      entrega_recoger: 0,
      entrega_domicilio: 1,
      pago_efectivo: 1,
      pago_terminal: 0,
      transferencia_clabe: null,
      pausado_hasta: null,
    });
    const lineas = await db.selectFrom('carrito_linea').selectAll().orderBy('id').execute();
    expect(lineas.map((l) => [l.id, l.opciones, l.nota])).toEqual([
      [ids.lineas[0], '', ''],
      [ids.lineas[1], '', ''],
    ]);
  });

  it('foreign keys still hold', async () => {
    const db = handle!.db;
    if (database.dialect === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      expect(
        (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows,
      ).toEqual([{ integrity_check: 'ok' }]);
    } else {
      const constraints = await sql<{ conname: string }>`
        select conname from pg_constraint
        where contype = 'f' and conrelid::regclass::text in ('carrito_linea', 'pedido', 'pedido_evento', 'pedido_detalle')
        and not convalidated`.execute(db);
      expect(constraints.rows).toEqual([]);
    }
    // A line naming a product that does not exist is refused.
    await expect(
      (db as unknown as OldDb)
        .insertInto('carrito_linea')
        .values({
          tienda_id: ids.tienda,
          account_id: ids.shopper,
          producto_id: 987_654,
          cantidad: 1,
          created_at: 'x',
          updated_at: 'x',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('the basket and the orders read back through the API; the migrated basket checks out', async () => {
    await handle!.db.destroy();
    handle = undefined;
    server = await startTestServer({ database });
    const signIn = async (email: string) =>
      ok(
        await server!.call<{ token: string }>('/api/login/authenticate', {
          body: { email, password: PASSWORD },
        }),
        'authenticate',
      ).token;
    const shopper = await signIn('cliente.viejo@correo.com');
    const owner = await signIn('duena.vieja@correo.com');

    const cart = ok(await call<CarritoGrupo[]>(server, CART.listar, shopper, {}), 'listarcarrito');
    expectCartShape(cart, ids.shopper);
    expect(cart).toEqual([
      expect.objectContaining({
        tiendaId: ids.tienda,
        nombreTienda: 'fonda vieja',
        costoDeEnvio: 15,
        subtotal: 84.97,
        entrega: { recoger: false, domicilio: true },
        pagos: { efectivo: true, terminal: false, transferencia: null },
        abierta: true,
        mensajeCerrada: null,
        listOfShoppingCartMarketStore: [
          expect.objectContaining({
            shoppingCartId: ids.lineas[0],
            productoId: ids.taco,
            cantidad: 3,
            precio: 19.99,
            opciones: [],
            nota: null,
          }),
          expect.objectContaining({
            shoppingCartId: ids.lineas[1],
            productoId: ids.agua,
            cantidad: 1,
            precio: 25,
            opciones: [],
            nota: null,
          }),
        ],
      }),
    ]);
    // A migrated line is the line of that product without options or note.
    const added = ok(
      await call<CarritoGrupo[]>(server, CART.addItem, shopper, { productoId: ids.taco }),
      'addItem',
    );
    expect(added[0]!.listOfShoppingCartMarketStore[0]).toMatchObject({
      shoppingCartId: ids.lineas[0],
      cantidad: 4,
    });

    const mine = ok(await call<Pedido[]>(server, PEDIDO.byShopper, shopper, {}), 'mis pedidos');
    expect(mine.map((p) => [p.id, p.status])).toEqual([
      [ids.completado, 'COMPLETADO'],
      [ids.nuevo, 'NUEVO'],
    ]);
    for (const p of mine) {
      expectPedidoShape(p);
      expectTotalsExact(p);
      expect(p).toMatchObject({
        usuarioId: ids.shopper,
        montoTotal: 59.98,
        entrega: { tipo: 'DOMICILIO', direccion: 'Calle Vieja 10, Centro', referencias: null },
        pago: { metodo: 'EFECTIVO', pagaCon: null, cambio: null, referencia: null, pagado: false },
        nota: null,
        invitado: false,
        origen: 'WEB',
        aceptadoEn: null,
        motivoCancelacion: null,
        escalado: false,
        vistoEn: null,
      });
      expect(p.pedidoDetalles.map((d) => [d.productoId, d.precio, d.opciones, d.nota])).toEqual([
        [ids.taco, 9.99, [], null],
        [ids.agua, 25, [], null],
      ]);
    }
    const board = ok(await call<Pedido[]>(server, PEDIDO.byTienda, owner, {}), 'tablero');
    expect(board).toEqual(mine.map(comoDelDueno));

    // The old order's Idempotency-Key still answers it.
    const replay = await call(
      server,
      CART.proccesscart,
      shopper,
      { tiendaId: ids.tienda },
      {
        headers: { 'idempotency-key': 'clave-vieja-1' },
      },
    );
    expect(replay.status).toBe(200);
    expect(Number(replay.headers.get('x-pedido-id'))).toBe(ids.nuevo);
    const placed = await call(server, CART.proccesscart, shopper, { tiendaId: ids.tienda });
    expect(placed.status).toBe(200);
    expect(Number(placed.headers.get('x-pedido-id'))).toBeGreaterThan(ids.completado);
    expect(
      ok(await call<Pedido[]>(server, PEDIDO.byShopper, shopper, {}), 'mis pedidos')[0],
    ).toMatchObject({ cantidadDeArticulos: 5, montoTotal: 119.96 });
    // The accept of the second edition works on an order of the first.
    const accepted = await call<Pedido>(server, '/api/pedido/aceptarpedido', owner, {
      pedidoId: ids.nuevo,
      minutos: 20,
    });
    expect(accepted.body.status).toBe('ACEPTADO');
  });
});

function pick(row: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}
