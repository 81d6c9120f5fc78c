/**
 * Scale data for benchmarks, on SQLite or PostgreSQL: approved, configured shops (no opening
 * hours, so always open) with categories and products, shoppers, and orders with their lines.
 * Rows go in as multi-row INSERTs inside transactions, with ids numbered here so no insert has
 * to read its ids back; PostgreSQL's identity sequences are moved past them at the end.
 *
 *   npm run seed:scale                                  # full scale into ./data/scale.db
 *   npm run seed:scale -- postgres://postgres@127.0.0.1:5432/escala
 *   DATABASE_URL=sqlite:/tmp/x.db npm run seed:scale -- --shops 1000 --orders 100000
 *
 * Full scale: 10,000 shops, 500,000 products, 1,000,000 orders (about 2,000,000 lines), of which
 * 100,000 in the first shop (the owner-poll shop), 10,000 shoppers. The database must not hold
 * an earlier scale seed. Migrations run first, through the server's own migrate function.
 */
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import { createDb } from '../../packages/server/src/db/create-db.js';
import type { Database, Db, DbOrTx, Dialect } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { hashPassword } from '../../packages/server/src/modules/accounts/password.js';
import type { LoadRequest } from './load.js';

export interface ScaleSpec {
  shops: number;
  productsPerShop: number;
  categoriesPerShop: number;
  shoppers: number;
  /** Orders in all, with one to three lines each. */
  orders: number;
  /** How many of `orders` belong to the first shop (interleaved with the others by id). */
  hotShopOrders: number;
}

export const FULL_SCALE: ScaleSpec = {
  shops: 10_000,
  productsPerShop: 50,
  categoriesPerShop: 5,
  shoppers: 10_000,
  orders: 1_000_000,
  hotShopOrders: 100_000,
};

/** What `npm run bench` seeds unless told `--scale`: 1,000 public shops, one with 100,000 orders. */
export const BENCH_SCALE: ScaleSpec = {
  shops: 1_000,
  productsPerShop: 50,
  categoriesPerShop: 5,
  shoppers: 1_000,
  orders: 100_000,
  hotShopOrders: 100_000,
};

export const SCALE_PASSWORD = 'Escala12345';
/** Every shop asks for this minimum (centavos); two products of 25+ pesos reach it. */
export const SCALE_MONTO_MINIMO = 5000;
const COSTO_DE_ENVIO = 2500;

export interface SeededShop {
  id: number;
  usuario: string;
  ownerId: number;
  ownerEmail: string;
}

export interface SeededScale {
  spec: ScaleSpec;
  shops: SeededShop[];
  shoppers: { id: number; email: string }[];
  /** Id of product number `p` (0-based) of shop number `shop` (0-based). */
  productoIdOf(shop: number, p: number): number;
  /** Seconds each phase took. */
  timings: Record<string, number>;
}

/** Price in centavos of product number `p` of any shop: 10.00 to 209.99 pesos. */
export function precioOf(p: number): number {
  return 1000 + ((p * 3737) % 20000);
}

/** Two products whose sum passes every scale shop's minimum, so one order is two addItem calls. */
export const CHECKOUT_PRODUCTS = Array.from({ length: 50 }, (_, p) => p)
  .filter((p) => precioOf(p) * 2 >= SCALE_MONTO_MINIMO + 200)
  .slice(0, 2);

/**
 * One shopper's orders, again and again, as a load's connection places them: the two
 * CHECKOUT_PRODUCTS added (two addItem calls), then the proccesscart. `shopOf(order)` is the shop
 * (index) of the order after `order` placed ones; `keyOf(order)` the Idempotency-Key of the
 * `order`-th proccesscart (from 1), taken as it is sent (as the web app does: one key per basket).
 */
export function checkoutLoop(options: {
  seeded: SeededScale;
  token: string;
  shopOf: (order: number) => number;
  keyOf: (order: number) => string;
}): () => LoadRequest {
  const { seeded, token, shopOf, keyOf } = options;
  let step = 0;
  let order = 0;
  return (): LoadRequest => {
    const s = shopOf(order);
    const current = step;
    step = (step + 1) % 3;
    if (current < 2) {
      return {
        kind: 'addItem',
        method: 'POST',
        path: '/api/shoppingcartmarket/addItem',
        headers: { authorization: `Bearer ${token}` },
        body: { productoId: seeded.productoIdOf(s, CHECKOUT_PRODUCTS[current]!) },
      };
    }
    order += 1;
    return {
      kind: 'proccesscart',
      method: 'POST',
      path: '/api/shoppingcartmarket/proccesscart',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': keyOf(order) },
      body: { tiendaId: seeded.shops[s]!.id },
    };
  };
}

// SQLite takes up to 32,766 parameters a statement, PostgreSQL 65,535; fewer keeps each
// statement's text (and Kysely's compile of it) small while still amortising the round trips.
const PARAMS_PER_STATEMENT: Record<Dialect, number> = { sqlite: 16_000, postgres: 30_000 };

async function insertChunked<T extends keyof Database & string>(
  db: DbOrTx,
  dialect: Dialect,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.floor(PARAMS_PER_STATEMENT[dialect] / Object.keys(first).length);
  for (let i = 0; i < rows.length; i += perStatement) {
    // Kysely can't resolve the row type of a table chosen by a type parameter; `rows` is checked
    // against it in this function's signature instead.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
  }
}

type SeededTable = 'account' | 'tienda' | 'categoria' | 'producto' | 'pedido' | 'pedido_detalle';
const SEEDED_TABLES: SeededTable[] = [
  'account',
  'tienda',
  'categoria',
  'producto',
  'pedido',
  'pedido_detalle',
];

async function nextIdOf(db: Db, table: SeededTable): Promise<number> {
  const { max } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirstOrThrow();
  return Number(max ?? 0) + 1;
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

/** Seeds `spec` into a migrated database. Logs each phase through `log`. */
export async function seedScale(
  db: Db,
  dialect: Dialect,
  spec: ScaleSpec,
  log: (line: string) => void = () => undefined,
): Promise<SeededScale> {
  const timings: Record<string, number> = {};
  const existing = await db
    .selectFrom('account')
    .select('id')
    .where('email', '=', 'tienda0@escala.mx')
    .executeTakeFirst();
  if (existing) throw new Error('Esta base ya tiene datos de escala: usa una base nueva');

  let started = performance.now();
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const now = new Date().toISOString();
  const accountBase = await nextIdOf(db, 'account');
  const tiendaBase = await nextIdOf(db, 'tienda');
  const categoriaBase = await nextIdOf(db, 'categoria');
  const productoBase = await nextIdOf(db, 'producto');
  const { shops: n, productsPerShop: P, categoriesPerShop: C } = spec;

  const shops: SeededShop[] = Array.from({ length: n }, (_, s) => ({
    id: tiendaBase + s,
    usuario: `escala${s}`,
    ownerId: accountBase + s,
    ownerEmail: `tienda${s}@escala.mx`,
  }));
  const shoppers = Array.from({ length: spec.shoppers }, (_, k) => ({
    id: accountBase + n + k,
    email: `cliente${k}@escala.mx`,
  }));
  const ownerCelular = (s: number) => `9${String(s).padStart(9, '0')}`;
  const shopperCelular = (k: number) => `8${String(k).padStart(9, '0')}`;
  const productoIdOf = (shop: number, p: number) => productoBase + shop * P + p;

  // Accounts, shops, categories and products, 500 shops a transaction.
  for (let start = 0; start < n; start += 500) {
    const end = Math.min(n, start + 500);
    await db.transaction().execute(async (trx) => {
      const owners: Insertable<Database['account']>[] = [];
      const tiendas: Insertable<Database['tienda']>[] = [];
      const categorias: Insertable<Database['categoria']>[] = [];
      const productos: Insertable<Database['producto']>[] = [];
      for (let s = start; s < end; s += 1) {
        const shop = shops[s]!;
        owners.push({
          id: shop.ownerId,
          email: shop.ownerEmail,
          password_hash: passwordHash,
          usuario: shop.usuario,
          role: 'TIENDA',
          celular: ownerCelular(s),
          nombre_completo: `Dueño ${s}`,
          direccion_entrega: '',
          created_at: now,
        });
        tiendas.push({
          id: shop.id,
          account_id: shop.ownerId,
          usuario: shop.usuario,
          nombre: `Tienda ${s}`,
          image_url: '/images/escala.png',
          monto_minimo: SCALE_MONTO_MINIMO,
          costo_de_envio: COSTO_DE_ENVIO,
          radio_monto_minimo: 'si',
          radio_costo_de_envio: 'si',
          configured: 1,
          approved: 1,
          activated: 1,
          created_at: now,
          updated_at: now,
        });
        for (let c = 0; c < C; c += 1) {
          categorias.push({
            id: categoriaBase + s * C + c,
            tienda_id: shop.id,
            title: `Categoria ${c + 1}`,
            title_without_spaces: `categoria${c + 1}`,
            image_url: '/images/escala.png',
            created_at: now,
            updated_at: now,
          });
        }
        for (let p = 0; p < P; p += 1) {
          productos.push({
            id: productoIdOf(s, p),
            tienda_id: shop.id,
            categoria_id: categoriaBase + s * C + (p % C),
            name: `Producto ${p + 1}`,
            name_key: `producto ${p + 1}`,
            price: precioOf(p),
            image_url: '/images/escala.png',
            descripcion: 'Un producto de prueba de escala',
            detalle: 'Detalle del producto de prueba',
            created_at: now,
            updated_at: now,
          });
        }
      }
      await insertChunked(trx, dialect, 'account', owners);
      await insertChunked(trx, dialect, 'tienda', tiendas);
      await insertChunked(trx, dialect, 'categoria', categorias);
      await insertChunked(trx, dialect, 'producto', productos);
    });
  }
  timings.tiendas = seconds(started);
  log(`  ${n} tiendas, ${n * C} categorías, ${n * P} productos: ${timings.tiendas} s`);

  started = performance.now();
  for (let start = 0; start < shoppers.length; start += 5000) {
    const batch = shoppers.slice(start, start + 5000);
    await db.transaction().execute((trx) =>
      insertChunked(
        trx,
        dialect,
        'account',
        batch.map((c, i) => ({
          id: c.id,
          email: c.email,
          password_hash: passwordHash,
          usuario: 'N/A',
          role: 'USUARIO' as const,
          celular: shopperCelular(start + i),
          nombre_completo: `Cliente ${start + i}`,
          direccion_entrega: `Calle de la Escala ${start + i}`,
          created_at: now,
        })),
      ),
    );
  }
  timings.clientes = seconds(started);
  log(`  ${shoppers.length} clientes: ${timings.clientes} s`);

  started = performance.now();
  const lineas = await seedPedidos(db, dialect, spec, { shops, shoppers, productoIdOf });
  timings.pedidos = seconds(started);
  log(`  ${spec.orders} pedidos con ${lineas} líneas: ${timings.pedidos} s`);

  started = performance.now();
  if (dialect === 'postgres') {
    for (const table of SEEDED_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    // What autovacuum would have done on a live database: planner statistics and a visibility
    // map, so index-only scans don't have to visit the freshly written heap.
    await sql`vacuum analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  timings.analyze = seconds(started);
  log(`  ${dialect === 'postgres' ? 'vacuum analyze' : 'analyze'}: ${timings.analyze} s`);

  return { spec, shops, shoppers, productoIdOf, timings };
}

/** Orders and their lines, 20,000 orders a transaction. Answers how many lines were made. */
async function seedPedidos(
  db: Db,
  dialect: Dialect,
  spec: ScaleSpec,
  seeded: Pick<SeededScale, 'shops' | 'shoppers' | 'productoIdOf'>,
): Promise<number> {
  const { shops, shoppers, productoIdOf } = seeded;
  if (spec.orders === 0 || shoppers.length === 0) return 0;
  const pedidoBase = await nextIdOf(db, 'pedido');
  const detalleBase = await nextIdOf(db, 'pedido_detalle');
  const yearMs = 365 * 24 * 3600 * 1000;
  const firstFecha = Date.now() - yearMs;
  const others = Math.max(1, shops.length - 1);
  let otherCount = 0;
  let detalleId = detalleBase;
  const perTransaction = 20_000;
  for (let start = 0; start < spec.orders; start += perTransaction) {
    const end = Math.min(spec.orders, start + perTransaction);
    const pedidos: Insertable<Database['pedido']>[] = [];
    const detalles: Insertable<Database['pedido_detalle']>[] = [];
    for (let k = start; k < end; k += 1) {
      // The first shop's orders are spread evenly among everyone else's, as time would mix them.
      const hot =
        shops.length === 1 ||
        Math.floor(((k + 1) * spec.hotShopOrders) / spec.orders) >
          Math.floor((k * spec.hotShopOrders) / spec.orders);
      const shopIndex = hot ? 0 : 1 + (otherCount++ % others);
      const shop = shops[shopIndex]!;
      const shopperIndex = (k * 7919) % shoppers.length;
      const shopper = shoppers[shopperIndex]!;
      const id = pedidoBase + k;
      const fecha = new Date(firstFecha + Math.floor((k / spec.orders) * yearMs)).toISOString();
      let subtotal = 0;
      let articulos = 0;
      const lines = 1 + (k % 3);
      for (let j = 0; j < lines; j += 1) {
        const p = (k * 13 + j * 17) % spec.productsPerShop;
        const cantidad = 1 + ((k + j) % 3);
        subtotal += precioOf(p) * cantidad;
        articulos += cantidad;
        detalles.push({
          id: detalleId++,
          pedido_id: id,
          tienda_id: shop.id,
          producto_id: productoIdOf(shopIndex, p),
          nombre_producto: `Producto ${p + 1}`,
          imagen_producto: '/images/escala.png',
          cantidad,
          precio: precioOf(p),
        });
      }
      pedidos.push({
        id,
        tienda_id: shop.id,
        account_id: shopper.id,
        // The newest 1% still waits for the shop; of the rest, one in seven was cancelled.
        status: k >= spec.orders * 0.99 ? 'NUEVO' : k % 7 === 0 ? 'CANCELADO' : 'COMPLETADO',
        fecha,
        cantidad_de_articulos: articulos,
        subtotal,
        costo_de_envio: COSTO_DE_ENVIO,
        monto_total: subtotal + COSTO_DE_ENVIO,
        nombre_tienda: `Tienda ${shopIndex}`,
        usuario_tienda: shop.usuario,
        tienda_image_url: '/images/escala.png',
        celular_tienda: `9${String(shopIndex).padStart(9, '0')}`,
        nombre_completo: `Cliente ${shopperIndex}`,
        celular: `8${String(shopperIndex).padStart(9, '0')}`,
        direccion_entrega: `Calle de la Escala ${shopperIndex}`,
        idempotency_key: null,
        updated_at: fecha,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, dialect, 'pedido', pedidos);
      await insertChunked(trx, dialect, 'pedido_detalle', detalles);
    });
  }
  return detalleId - detalleBase;
}

/** Basket lines, as shoppers leave them: `lineas` products in each of the given shops. */
export async function seedCarritos(
  db: Db,
  dialect: Dialect,
  seeded: SeededScale,
  baskets: { shopperIndex: number; shopIndexes: number[]; lineas: number }[],
): Promise<void> {
  const now = new Date().toISOString();
  const rows: Insertable<Database['carrito_linea']>[] = [];
  for (const b of baskets) {
    const shopper = seeded.shoppers[b.shopperIndex]!;
    for (const s of b.shopIndexes) {
      for (let p = 0; p < b.lineas; p += 1) {
        rows.push({
          tienda_id: seeded.shops[s]!.id,
          account_id: shopper.id,
          producto_id: seeded.productoIdOf(s, p),
          cantidad: 1 + (p % 2),
          created_at: now,
          updated_at: now,
        });
      }
    }
  }
  await db.transaction().execute((trx) => insertChunked(trx, dialect, 'carrito_linea', rows));
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      shops: { type: 'string', default: String(FULL_SCALE.shops) },
      products: { type: 'string', default: String(FULL_SCALE.productsPerShop) },
      shoppers: { type: 'string', default: String(FULL_SCALE.shoppers) },
      orders: { type: 'string', default: String(FULL_SCALE.orders) },
      'hot-orders': { type: 'string', default: String(FULL_SCALE.hotShopOrders) },
    },
  });
  const url = positionals[0] ?? process.env.DATABASE_URL ?? 'sqlite:./data/scale.db';
  const spec: ScaleSpec = {
    shops: Number(values.shops),
    productsPerShop: Number(values.products),
    categoriesPerShop: 5,
    shoppers: Number(values.shoppers),
    orders: Number(values.orders),
    hotShopOrders: Math.min(Number(values['hot-orders']), Number(values.orders)),
  };
  for (const [name, value] of Object.entries(spec)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name}: ${value}`);
  }
  if (spec.shops < 1 || spec.productsPerShop < 3)
    throw new Error('hace falta una tienda y 3 productos');
  const { db, dialect } = createDb(url);
  try {
    const started = performance.now();
    await migrateToLatest(db);
    console.log(`Sembrando en ${url.replace(/\/\/[^@/]*@/, '//')}:`);
    await seedScale(db, dialect, spec, console.log);
    console.log(`Listo en ${seconds(started)} s`);
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/**
 * Two option groups on each of these products, as a taquería sets them: "Tortilla" (choose 1:
 * maíz, harina +5.00) and "Extras" (up to 2: queso +10.00, aguacate +15.00). Answers, per
 * product, one option of each group (harina and queso): a line that prices both groups.
 */
export async function seedGruposDeOpciones(
  db: Db,
  productos: { tiendaId: number; productoId: number }[],
): Promise<Map<number, number[]>> {
  const elegidas = new Map<number, number[]>();
  await db.transaction().execute(async (trx) => {
    for (const { tiendaId, productoId } of productos) {
      const ids: number[] = [];
      for (const [orden, grupo] of [
        {
          nombre: 'Tortilla',
          minimo: 1,
          maximo: 1,
          opciones: [
            ['Maíz', 0],
            ['Harina', 500],
          ],
        },
        {
          nombre: 'Extras',
          minimo: 0,
          maximo: 2,
          opciones: [
            ['Queso', 1000],
            ['Aguacate', 1500],
          ],
        },
      ].entries()) {
        const { id: grupoId } = await trx
          .insertInto('producto_grupo')
          .values({
            tienda_id: tiendaId,
            producto_id: productoId,
            nombre: grupo.nombre,
            minimo: grupo.minimo,
            maximo: grupo.maximo,
            orden,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [i, [nombre, precio]] of grupo.opciones.entries()) {
          const { id } = await trx
            .insertInto('producto_opcion')
            .values({
              tienda_id: tiendaId,
              producto_id: productoId,
              grupo_id: grupoId,
              nombre: nombre as string,
              precio_extra: precio as number,
              orden: i,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (i === (orden === 0 ? 1 : 0)) ids.push(id);
        }
      }
      elegidas.set(productoId, ids);
    }
  });
  return elegidas;
}
