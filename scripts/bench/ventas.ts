/**
 * The sales rows of the bench (docs/sales.md, docs/performance.md): a year of a busy shop,
 * 50,000 orders (about 88% completed, the rest cancelled or still open) at the hours a taquería
 * works, with one to three lines each, cash, terminal and transfer, added to one seeded shop.
 *
 * `npm run bench -- --rows ventas` measures GET /api/tienda/ventas for that year through the
 * built server (run.ts). Run on its own, this file seeds a fresh SQLite file (and a PostgreSQL
 * database when BENCH_DATABASE_URL names a server) and times the sales, cash-close and export
 * calls in this process, without HTTP:
 *
 *   npx tsx scripts/bench/ventas.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/ventas.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Insertable } from 'kysely';
import { addDays } from '@tianguis/domain';
import { createDb } from '../../packages/server/src/db/create-db.js';
import type { Database, Db, Dialect } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import type { Session } from '../../packages/server/src/http/auth.js';
import * as ventas from '../../packages/server/src/modules/ventas/ventas.service.js';
import { withPostgresDatabase } from './built-server.js';
import { percentile } from './load.js';
import { precioOf, seedScale, type SeededScale } from './seed-scale.js';

export const VENTAS_ORDERS = 50_000;
const METODOS = ['EFECTIVO', 'EFECTIVO', 'EFECTIVO', 'TRANSFERENCIA', 'TERMINAL'] as const;
// A taquería's evening: most orders from 18:00 to 23:00 local, some at lunch.
const HORAS_LOCALES = [13, 14, 14, 18, 19, 19, 20, 20, 20, 21, 21, 21, 22, 22, 23];

export interface VentasSeed {
  tiendaId: number;
  ownerEmail: string;
  /** The year the orders span, as the shop's calendar dates. */
  desde: string;
  hasta: string;
}

/** Adds `orders` orders over the last 365 days to shop number `shopIndex` of a scale seed. */
export async function seedVentas(
  db: Db,
  dialect: Dialect,
  seeded: SeededScale,
  shopIndex: number,
  orders = VENTAS_ORDERS,
): Promise<VentasSeed> {
  const shop = seeded.shops[shopIndex]!;
  const products = seeded.spec.productsPerShop;
  const next = async (table: 'pedido' | 'pedido_detalle') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max<number | null>('id').as('max'))
          .executeTakeFirstOrThrow()
      ).max ?? 0,
    ) + 1;
  const pedidoBase = await next('pedido');
  let detalleId = await next('pedido_detalle');
  // Local dates: today and the 364 days before it (UTC-6 all year).
  const hasta = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
  const desde = addDays(hasta, -364);
  const porDia = orders / 365;
  const perTransaction = 10_000;
  for (let start = 0; start < orders; start += perTransaction) {
    const pedidos: Insertable<Database['pedido']>[] = [];
    const detalles: Insertable<Database['pedido_detalle']>[] = [];
    for (let k = start; k < Math.min(orders, start + perTransaction); k += 1) {
      const dia = addDays(desde, Math.floor(k / porDia));
      const hora = HORAS_LOCALES[(k * 7) % HORAS_LOCALES.length]!;
      const minuto = (k * 13) % 60;
      // Local time + 6 hours is UTC; 18:00 and later land on the next UTC date.
      const fecha = new Date(
        Date.parse(`${dia}T00:00:00Z`) + ((hora + 6) * 60 + minuto) * 60_000 + (k % 60) * 1000,
      ).toISOString();
      const id = pedidoBase + k;
      let subtotal = 0;
      let articulos = 0;
      for (let j = 0; j < 1 + (k % 3); j += 1) {
        const p = (k * 11 + j * 7) % products;
        const cantidad = 1 + ((k + j) % 4);
        subtotal += precioOf(p) * cantidad;
        articulos += cantidad;
        detalles.push({
          id: detalleId++,
          pedido_id: id,
          tienda_id: shop.id,
          producto_id: seeded.productoIdOf(shopIndex, p),
          nombre_producto: `Producto ${p + 1}`,
          imagen_producto: '/images/escala.png',
          cantidad,
          precio: precioOf(p),
          opciones:
            j === 0 ? '[{"id":1,"grupo":"Tortilla","nombre":"Maíz","precioExtra":0}]' : '[]',
        });
      }
      const envio = k % 2 === 0 ? 2500 : 0;
      const metodo = METODOS[k % METODOS.length]!;
      pedidos.push({
        id,
        tienda_id: shop.id,
        account_id: null,
        status: k % 17 === 0 ? 'CANCELADO' : k % 29 === 0 ? 'NUEVO' : 'COMPLETADO',
        fecha,
        cantidad_de_articulos: articulos,
        subtotal,
        costo_de_envio: envio,
        monto_total: subtotal + envio,
        nombre_tienda: `Tienda ${shopIndex}`,
        usuario_tienda: shop.usuario,
        tienda_image_url: '/images/escala.png',
        celular_tienda: '5500000000',
        nombre_completo: `Cliente ${k % 3000}`,
        celular: `55${String(k % 100_000_000).padStart(8, '0')}`,
        direccion_entrega: `Calle ${k % 500}`,
        idempotency_key: null,
        updated_at: fecha,
        entrega_tipo: envio > 0 ? 'DOMICILIO' : 'RECOGER',
        pago_metodo: metodo,
        pagado: metodo === 'TRANSFERENCIA' && k % 5 !== 0 ? 1 : 0,
        origen: 'WEB',
      });
    }
    await db.transaction().execute(async (trx) => {
      for (const [table, rows] of [
        ['pedido', pedidos],
        ['pedido_detalle', detalles],
      ] as const) {
        const per = Math.floor(
          (dialect === 'sqlite' ? 16_000 : 30_000) / Object.keys(rows[0]!).length,
        );
        for (let i = 0; i < rows.length; i += per) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + per) as never)
            .execute();
        }
      }
    });
  }
  if (dialect === 'postgres') {
    for (const table of ['pedido', 'pedido_detalle'] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    await sql`analyze pedido`.execute(db);
    await sql`analyze pedido_detalle`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  return { tiendaId: shop.id, ownerEmail: shop.ownerEmail, desde, hasta };
}

async function timeIt(times: number, run: () => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** Seeds one shop with the year and times the service calls in this process. */
async function measureIn(database: string, url: string): Promise<void> {
  const { db, dialect } = createDb(url);
  try {
    await migrateToLatest(db);
    const seeded = await seedScale(db, dialect, {
      shops: 1,
      productsPerShop: 50,
      categoriesPerShop: 5,
      shoppers: 1,
      orders: 0,
      hotShopOrders: 0,
    });
    const started = performance.now();
    const seed = await seedVentas(db, dialect, seeded, 0);
    console.log(
      `${database}: ${VENTAS_ORDERS.toLocaleString('en')} pedidos sembrados en ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const session = { tiendaId: seed.tiendaId, role: 'TIENDA' } as Session;
    const year = { desde: seed.desde, hasta: seed.hasta };
    const respuesta = await ventas.getVentas(db, session, year);
    console.log(
      `  un año: ${respuesta.pedidos.toLocaleString('en')} pedidos completados, $${respuesta.total}, ${respuesta.porDia.length} días, ${respuesta.porProducto.length} productos`,
    );
    const rows: [string, { p50: number; p95: number }][] = [
      ['ventas, un año', await timeIt(30, () => ventas.getVentas(db, session, year))],
      [
        'ventas, 30 días',
        await timeIt(30, () =>
          ventas.getVentas(db, session, { desde: addDays(seed.hasta, -29), hasta: seed.hasta }),
        ),
      ],
      ['corte de caja, un día', await timeIt(30, () => ventas.getCorte(db, session, seed.hasta))],
      [
        'exportar CSV, un año',
        await timeIt(3, async () => {
          let bytes = 0;
          for await (const chunk of await ventas.exportPedidos(db, session, year)) {
            bytes += chunk.length;
          }
          return bytes;
        }),
      ],
    ];
    for (const [name, { p50, p95 }] of rows) {
      console.log(
        `  ${database.padEnd(8)} ${name.padEnd(24)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await db.destroy();
  }
}

async function main() {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-ventas-'));
  try {
    await measureIn('sqlite', `sqlite:${path.join(tmp, 'ventas.db')}`);
    if (process.env.BENCH_DATABASE_URL) {
      await withPostgresDatabase(process.env.BENCH_DATABASE_URL, 'tianguis_ventas', (url) =>
        measureIn('postgres', url),
      );
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
