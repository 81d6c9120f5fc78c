/**
 * The orders-for-later row (docs/performance.md, "Orders for later"): guest orders scheduled
 * for slots with a small limit, at full contention. A shop open round the clock takes orders 7
 * days ahead in 15-minute slots of PROGRAMADOS_LIMITE places each; the load's requests go to
 * the slots in turn, PROGRAMADOS_POR_FRANJA requests to each, so at every moment the 50
 * connections race for the last places of two slots: per slot PROGRAMADOS_LIMITE orders are
 * placed (201) and the rest refused (409 HORARIO_NO_DISPONIBLE). What each request costs is
 * the slot's check (the shop's settings and hours kept per shop version), the slot's lock on
 * PostgreSQL, the count of its places in the order's transaction, and the order or the
 * refusal. After the run the slots are read back: none may hold more than the limit.
 */
import { franjasBase } from '@tianguis/domain';
import type { DbOrTx } from '../../packages/server/src/db/database.js';
import { addressOf, type LoadRequest } from './load.js';
import { CHECKOUT_PRODUCTS, type SeededScale } from './seed-scale.js';

/** Shop index from the end: apart from the sales (1), zone (2, 3) and slot-listing (4) shops. */
export const PROGRAMADOS_SHOP_FROM_END = 5;
/** Places per slot. */
export const PROGRAMADOS_LIMITE = 5;
/** Requests sent to each slot: all but PROGRAMADOS_LIMITE of them find it full. */
export const PROGRAMADOS_POR_FRANJA = 25;

const PROGRAMACION = {
  activa: true,
  diasAdelante: 6,
  intervaloMin: 15,
  pedidosPorIntervalo: PROGRAMADOS_LIMITE,
  preparacionMin: 20,
} as const;

/** Slots starting sooner than this are left out: they would stop being offered during a run. */
const MARGEN_MS = 2 * 60 * 60_000;

function tiendaDe(seeded: SeededScale) {
  const shop = seeded.shops.length - PROGRAMADOS_SHOP_FROM_END;
  return { index: shop, ...seeded.shops[shop]! };
}

export interface ProgramadosSeed {
  tiendaId: number;
  /** The slots' starts the load goes through, in order (ISO, `toISOString()`). */
  franjas: string[];
}

/**
 * The shop's scheduling settings (no hours: open round the clock; no special days), and the
 * slots it offers from two hours from now on.
 */
export async function seedProgramados(db: DbOrTx, seeded: SeededScale): Promise<ProgramadosSeed> {
  const shop = tiendaDe(seeded);
  await db.deleteFrom('horario').where('tienda_id', '=', shop.id).execute();
  await db.deleteFrom('dia_especial').where('tienda_id', '=', shop.id).execute();
  const { time_zone: timeZone } = await db
    .updateTable('tienda')
    .set({
      programacion_activa: 1,
      programacion_dias_adelante: PROGRAMACION.diasAdelante,
      programacion_intervalo_min: PROGRAMACION.intervaloMin,
      programacion_pedidos_por_intervalo: PROGRAMACION.pedidosPorIntervalo,
      programacion_preparacion_min: PROGRAMACION.preparacionMin,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', shop.id)
    .returning('time_zone')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const franjas = franjasBase(
    { programacion: PROGRAMACION, horarios: [], diasEspeciales: [], timeZone },
    new Date(now),
  )
    .filter((f) => f.inicio >= now + MARGEN_MS)
    .map((f) => new Date(f.inicio).toISOString());
  return { tiendaId: shop.id, franjas };
}

let enviados = 0;

/**
 * The load's flow: request number k (over every connection, warm-up included) is a guest's
 * delivery order for slot floor(k / PROGRAMADOS_POR_FRANJA), each from its own phone and
 * address with its own Idempotency-Key. Once every slot was raced for, the slots come round
 * again (full by then: refusals only); the row's note says how many slots were used.
 */
export function pedidoProgramado(seeded: SeededScale, seed: ProgramadosSeed) {
  const shop = tiendaDe(seeded);
  const lineas = CHECKOUT_PRODUCTS.map((p) => ({
    productoId: seeded.productoIdOf(shop.index, p),
    cantidad: 1,
  }));
  return () => (): LoadRequest => {
    const n = enviados;
    enviados += 1;
    const franja = seed.franjas[Math.floor(n / PROGRAMADOS_POR_FRANJA) % seed.franjas.length]!;
    return {
      kind: 'programado',
      method: 'POST',
      path: '/api/pedido/invitado',
      headers: {
        'idempotency-key': `bench-programado-${process.pid}-${n}-${Date.now()}`,
        // 600 addresses of their own: only placed orders count toward an address's 20.
        'x-forwarded-for': addressOf(25_000 + (n % 600)),
      },
      body: {
        tiendaId: seed.tiendaId,
        lineas,
        cliente: { nombreCompleto: 'Vecina que programa', celular: String(5700000000 + n) },
        entrega: { tipo: 'DOMICILIO', direccion: 'Calle 5 de Mayo 123' },
        pago: { metodo: 'EFECTIVO' },
        programadoPara: franja,
      },
      expect: [201, 409],
    };
  };
}

/** How many slots the load went through so far (the last one perhaps partly). */
export function franjasUsadas(seed: ProgramadosSeed): number {
  return Math.min(seed.franjas.length, Math.ceil(enviados / PROGRAMADOS_POR_FRANJA));
}

/** The most orders not cancelled held by any one slot of the shop (never above the limit). */
export async function maximoPorFranja(db: DbOrTx, tiendaId: number): Promise<number> {
  const rows = await db
    .selectFrom('pedido')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tienda_id', '=', tiendaId)
    .where('programado_para', 'is not', null)
    .where('status', '<>', 'CANCELADO')
    .groupBy('programado_para')
    .execute();
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}
