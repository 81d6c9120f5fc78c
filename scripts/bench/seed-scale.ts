/**
 * Scale data for benchmarks: many approved, configured shops with categories and products,
 * inserted in batches inside transactions (both databases).
 *
 *   DATABASE_URL=sqlite:./data/scale.db tsx scripts/bench/seed-scale.ts --shops 1000 --products 50
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../../packages/server/src/db/create-db.js';
import type { Db } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { hashPassword } from '../../packages/server/src/modules/accounts/password.js';

export interface ScaleOptions {
  shops: number;
  productsPerShop: number;
  categoriesPerShop?: number;
  /** Prefix for usuario and email, so several seeds can share one database. */
  prefix?: string;
}

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Answers the usuario of every shop made. */
export async function seedScale(db: Db, options: ScaleOptions): Promise<string[]> {
  const prefix = options.prefix ?? 'escala';
  const categoriesPerShop = options.categoriesPerShop ?? 5;
  const passwordHash = await hashPassword('Escala12345');
  const now = new Date().toISOString();
  const usuarios: string[] = [];
  const shopsPerTransaction = 100;
  for (let start = 0; start < options.shops; start += shopsPerTransaction) {
    const count = Math.min(shopsPerTransaction, options.shops - start);
    await db.transaction().execute(async (trx) => {
      const accounts = Array.from({ length: count }, (_, k) => {
        const n = start + k;
        return {
          email: `${prefix}${n}@escala.mx`,
          password_hash: passwordHash,
          usuario: `${prefix}${n}`,
          role: 'TIENDA' as const,
          celular: `9${String(n).padStart(9, '0')}`.slice(0, 10),
          nombre_completo: '',
          direccion_entrega: '',
          created_at: now,
        };
      });
      const accountIds = await trx
        .insertInto('account')
        .values(accounts)
        .returning(['id', 'usuario'])
        .execute();
      const tiendas = await trx
        .insertInto('tienda')
        .values(
          accountIds.map((a) => ({
            account_id: a.id,
            usuario: a.usuario,
            nombre: `tienda ${a.usuario}`,
            image_url: '/images/escala.png',
            monto_minimo: 5000,
            costo_de_envio: 2500,
            radio_monto_minimo: 'si',
            radio_costo_de_envio: 'si',
            configured: 1,
            approved: 1,
            activated: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'usuario'])
        .execute();
      usuarios.push(...tiendas.map((t) => t.usuario));
      const categorias = await trx
        .insertInto('categoria')
        .values(
          tiendas.flatMap((t) =>
            Array.from({ length: categoriesPerShop }, (_, c) => ({
              tienda_id: t.id,
              title: `Categoria ${c + 1}`,
              title_without_spaces: `categoria${c + 1}`,
              image_url: '/images/escala.png',
              created_at: now,
              updated_at: now,
            })),
          ),
        )
        .returning(['id', 'tienda_id'])
        .execute();
      const byTienda = new Map<number, number[]>();
      for (const c of categorias)
        byTienda.set(c.tienda_id, [...(byTienda.get(c.tienda_id) ?? []), c.id]);
      const productos = tiendas.flatMap((t) =>
        Array.from({ length: options.productsPerShop }, (_, p) => {
          const categoriaIds = byTienda.get(t.id)!;
          return {
            tienda_id: t.id,
            categoria_id: categoriaIds[p % categoriaIds.length]!,
            name: `Producto ${p + 1}`,
            name_key: `producto ${p + 1}`,
            price: 1000 + ((p * 37) % 20000),
            image_url: '/images/escala.png',
            descripcion: 'Un producto de prueba de escala',
            detalle: 'Detalle del producto de prueba',
            created_at: now,
            updated_at: now,
          };
        }),
      );
      await insertInBatches(productos, (batch) =>
        trx.insertInto('producto').values(batch).execute(),
      );
    });
  }
  // Fresh planner statistics, as a live database would have after autovacuum.
  await sql`analyze`.execute(db);
  return usuarios;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string', default: '1000' },
      products: { type: 'string', default: '50' },
      prefix: { type: 'string', default: 'escala' },
    },
  });
  const url = process.env.DATABASE_URL ?? 'sqlite:./data/scale.db';
  const { db } = createDb(url);
  await migrateToLatest(db);
  const started = performance.now();
  const made = await seedScale(db, {
    shops: Number(values.shops),
    productsPerShop: Number(values.products),
    prefix: values.prefix,
  });
  console.log(
    `${made.length} tiendas con ${values.products} productos en ${((performance.now() - started) / 1000).toFixed(1)} s (${url})`,
  );
  await db.destroy();
}

/** `count` orders of two lines each in one shop, for owner-poll measurements. */
export async function seedPedidos(
  db: Db,
  options: { tiendaId: number; accountId: number; count: number },
): Promise<void> {
  const now = new Date().toISOString();
  const perTransaction = 5000;
  for (let start = 0; start < options.count; start += perTransaction) {
    const n = Math.min(perTransaction, options.count - start);
    await db.transaction().execute(async (trx) => {
      const pedidos = Array.from({ length: n }, (_, k) => ({
        tienda_id: options.tiendaId,
        account_id: options.accountId,
        status:
          (start + k) % 10 === 0 ? 'NUEVO' : (start + k) % 3 === 0 ? 'CANCELADO' : 'COMPLETADO',
        fecha: now,
        cantidad_de_articulos: 3,
        subtotal: 6500,
        costo_de_envio: 2500,
        monto_total: 9000,
        nombre_tienda: 'tienda de escala',
        usuario_tienda: 'escala',
        tienda_image_url: '/images/escala.png',
        celular_tienda: '5500000000',
        nombre_completo: 'Cliente de Escala',
        celular: '5511111111',
        direccion_entrega: 'Calle de la Escala 1',
        idempotency_key: null,
        updated_at: now,
      }));
      const ids: { id: number }[] = [];
      for (let i = 0; i < pedidos.length; i += BATCH) {
        ids.push(
          ...(await trx
            .insertInto('pedido')
            .values(pedidos.slice(i, i + BATCH))
            .returning('id')
            .execute()),
        );
      }
      const producto = await trx
        .selectFrom('producto')
        .select('id')
        .where('tienda_id', '=', options.tiendaId)
        .limit(1)
        .executeTakeFirstOrThrow();
      const detalles = ids.flatMap(({ id }) => [
        {
          pedido_id: id,
          tienda_id: options.tiendaId,
          producto_id: producto.id,
          nombre_producto: 'Producto 1',
          imagen_producto: '/images/escala.png',
          cantidad: 2,
          precio: 2000,
        },
        {
          pedido_id: id,
          tienda_id: options.tiendaId,
          producto_id: producto.id,
          nombre_producto: 'Producto 2',
          imagen_producto: '/images/escala.png',
          cantidad: 1,
          precio: 2500,
        },
      ]);
      await insertInBatches(detalles, (batch) =>
        trx.insertInto('pedido_detalle').values(batch).execute(),
      );
    });
  }
  await sql`analyze`.execute(db);
}
