/**
 * The slot-listing rows (docs/performance.md, "Orders for later"): `GET /api/tienda/franjas/
 * {usuario}` for a shop open every day 08:00–22:00 that takes orders for later 7 days ahead
 * (diasAdelante 6) in 15-minute slots with a limit of 10 per slot, and some of those slots
 * partly or wholly taken (cancelled orders among them). Seeded before the server starts; what
 * a request costs is the shop's read, its week (kept per shop version), the slots' tiling and
 * one grouped count of the places.
 */
import type { Insertable } from 'kysely';
import { DIAS, franjasBase, type HorarioDia } from '@tianguis/domain';
import type { Database, DbOrTx } from '../../packages/server/src/db/database.js';
import type { LoadRequest } from './load.js';
import type { SeededScale } from './seed-scale.js';

/** Shop index from the end: apart from the zone rows' (2, 3) and the sales row's (1) shops. */
export const FRANJAS_SHOP_FROM_END = 4;

const PROGRAMACION = {
  activa: true,
  diasAdelante: 6,
  intervaloMin: 15,
  pedidosPorIntervalo: 10,
  preparacionMin: 20,
} as const;

const SEMANA: HorarioDia[] = DIAS.map((dia) => ({
  dia,
  apertura: '08:00:00',
  cierre: '22:00:00',
  cerrado: false,
}));

function tiendaDe(seeded: SeededScale) {
  return seeded.shops[seeded.shops.length - FRANJAS_SHOP_FROM_END]!;
}

/**
 * The shop's week and scheduling settings, and orders in its slots as they stand now: every
 * third slot holds 1 to 10 orders (a tenth of them cancelled), so some slots are full.
 * Answers how many slots the shop offers now and how many orders were placed.
 */
export async function seedFranjas(
  db: DbOrTx,
  seeded: SeededScale,
): Promise<{ franjas: number; pedidos: number }> {
  const shop = tiendaDe(seeded);
  const tienda = await db
    .selectFrom('tienda')
    .select(['nombre', 'time_zone'])
    .where('id', '=', shop.id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('horario').where('tienda_id', '=', shop.id).execute();
  await db
    .insertInto('horario')
    .values(
      SEMANA.map((h) => ({
        tienda_id: shop.id,
        dia: h.dia,
        apertura: h.apertura,
        cierre: h.cierre,
        cerrado: 0,
      })),
    )
    .execute();
  await db
    .updateTable('tienda')
    .set({
      programacion_activa: 1,
      programacion_dias_adelante: PROGRAMACION.diasAdelante,
      programacion_intervalo_min: PROGRAMACION.intervaloMin,
      programacion_pedidos_por_intervalo: PROGRAMACION.pedidosPorIntervalo,
      programacion_preparacion_min: PROGRAMACION.preparacionMin,
    })
    .where('id', '=', shop.id)
    .execute();

  const franjas = franjasBase(
    {
      programacion: PROGRAMACION,
      horarios: SEMANA,
      diasEspeciales: [],
      timeZone: tienda.time_zone,
    },
    new Date(),
  );
  const now = new Date().toISOString();
  const pedidos: Insertable<Database['pedido']>[] = [];
  franjas.forEach((f, k) => {
    if (k % 3 !== 0) return;
    const n = 1 + ((k * 7) % PROGRAMACION.pedidosPorIntervalo);
    for (let j = 0; j < n; j += 1) {
      const i = pedidos.length;
      pedidos.push({
        tienda_id: shop.id,
        account_id: null,
        status: i % 10 === 0 ? 'CANCELADO' : i % 3 === 0 ? 'ACEPTADO' : 'NUEVO',
        fecha: now,
        updated_at: now,
        cantidad_de_articulos: 1,
        subtotal: 4500,
        costo_de_envio: 0,
        monto_total: 4500,
        nombre_tienda: tienda.nombre,
        usuario_tienda: shop.usuario,
        tienda_image_url: '/images/escala.png',
        celular_tienda: '5500000000',
        nombre_completo: `Cliente ${i}`,
        celular: `56${String(i).padStart(8, '0')}`,
        direccion_entrega: `Calle ${i % 500}`,
        entrega_tipo: 'RECOGER',
        programado_para: new Date(f.inicio).toISOString(),
      });
    }
  });
  for (let i = 0; i < pedidos.length; i += 500) {
    await db
      .insertInto('pedido')
      .values(pedidos.slice(i, i + 500))
      .execute();
  }
  return { franjas: franjas.length, pedidos: pedidos.length };
}

/** The slot listing of the seeded shop, as the checkout screen asks for it. */
export function franjasRequest(seeded: SeededScale) {
  const path = `/api/tienda/franjas/${tiendaDe(seeded).usuario}`;
  return () => (): LoadRequest => ({ kind: 'franjas', method: 'GET', path });
}
