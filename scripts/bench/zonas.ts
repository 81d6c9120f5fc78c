/**
 * The delivery-zone rows (docs/performance.md, "Delivery zones"): a shop with 20 zones of 200
 * colonias each, seeded before the server starts, and what a zone costs a request there:
 * `cotizarenvio` for the last zone's last colonia (every zone tried first: the worst case), and
 * the same guest delivery order at that shop and at a shop without zones, side by side.
 */
import {
  ZONAS_MAX,
  COLONIAS_MAX,
  claveDeColonia,
  prepareZonas,
  zonaDeEntrega,
  type ZonaInput,
} from '@tianguis/domain';
import type { DbOrTx } from '../../packages/server/src/db/database.js';
import { replaceZonas } from '../../packages/server/src/modules/tiendas/zonas.repository.js';
import { addressOf, type LoadRequest } from './load.js';
import { CHECKOUT_PRODUCTS, type SeededScale } from './seed-scale.js';

/** Shop indexes from the end: outside the checkout rows' spread and the sales row's last shop. */
export const ZONAS_SHOP_FROM_END = 2;
export const FLAT_SHOP_FROM_END = 3;

/** The colonia `c` of zone `z`, as the owner typed it (accents, capitals). */
function colonia(z: number, c: number): string {
  return `Ampliación San José ${z + 1} Sección ${c + 1}`;
}

/** 20 zones of 200 colonias, in order; none matches before the last zone's last colonia. */
export function zonasDeBanca(): ZonaInput[] {
  return Array.from({ length: ZONAS_MAX }, (_, z) => ({
    id: undefined,
    nombre: `Zona ${z + 1}`,
    colonias: Array.from({ length: COLONIAS_MAX }, (_, c) => colonia(z, c)),
    codigosPostales: [String(10000 + z)],
    radioKm: null,
    costoDeEnvio: 2000 + z * 100,
    montoMinimo: 0,
    activa: true,
  }));
}

/** What a shopper types for the worst case: the last colonia, without accents or capitals. */
export const COLONIA_PEOR_CASO = claveDeColonia(colonia(ZONAS_MAX - 1, COLONIAS_MAX - 1));

export async function seedZonas(db: DbOrTx, seeded: SeededScale): Promise<void> {
  const tienda = seeded.shops[seeded.shops.length - ZONAS_SHOP_FROM_END]!;
  await replaceZonas(db, tienda.id, zonasDeBanca());
}

/**
 * The match alone, in this process: microseconds per worst-case address over the prepared
 * zones (what the checkout does per order once the shop's zones are cached).
 */
export function microsPorCoincidencia(): number {
  const preparadas = prepareZonas(zonasDeBanca());
  const destino = { colonia: COLONIA_PEOR_CASO, codigoPostal: null, ubicacion: null };
  const veces = 200_000;
  let hallada = 0;
  for (let i = 0; i < 10_000; i += 1) hallada += zonaDeEntrega(preparadas, null, destino) ? 1 : 0;
  const started = performance.now();
  for (let i = 0; i < veces; i += 1) hallada += zonaDeEntrega(preparadas, null, destino) ? 1 : 0;
  const micros = ((performance.now() - started) * 1000) / veces;
  if (hallada !== veces + 10_000) throw new Error('la colonia del peor caso no cae en una zona');
  return micros;
}

let nextAddress = 0;
let pedidos = 0;
/** Each request its own neighbour: the guest and quote limits count addresses apart. */
function vecino(): string {
  nextAddress += 1;
  return addressOf(20_000 + (nextAddress % 5_000));
}

/** A guest's delivery order naming the worst-case colonia, at shop index `shop`. */
export function pedidoConColonia(seeded: SeededScale, shop: number) {
  const tiendaId = seeded.shops[shop]!.id;
  const lineas = CHECKOUT_PRODUCTS.map((p) => ({
    productoId: seeded.productoIdOf(shop, p),
    cantidad: 1,
  }));
  return () => (): LoadRequest => {
    // One phone per order across every run of the rows (warm-up included): the limit of
    // three NUEVO orders per phone never answers instead of the order.
    pedidos += 1;
    const n = pedidos;
    return {
      kind: 'zona-pedido',
      method: 'POST',
      path: '/api/pedido/invitado',
      headers: {
        'idempotency-key': `bench-zona-${process.pid}-${shop}-${n}-${Date.now()}`,
        'x-forwarded-for': vecino(),
      },
      body: {
        tiendaId,
        lineas,
        cliente: { nombreCompleto: 'Vecina de prueba', celular: String(5600000000 + n) },
        entrega: {
          tipo: 'DOMICILIO',
          direccion: 'Calle 5 de Mayo 123',
          colonia: COLONIA_PEOR_CASO,
        },
        pago: { metodo: 'EFECTIVO' },
      },
      expect: [201],
    };
  };
}

/** `cotizarenvio` for the worst-case colonia at the zoned shop. */
export function cotizacion(seeded: SeededScale) {
  const body = {
    tiendaId: seeded.shops[seeded.shops.length - ZONAS_SHOP_FROM_END]!.id,
    colonia: COLONIA_PEOR_CASO,
  };
  return () => (): LoadRequest => ({
    kind: 'zona-cotizar',
    method: 'POST',
    path: '/api/tienda/cotizarenvio',
    headers: { 'x-forwarded-for': vecino() },
    body,
  });
}
