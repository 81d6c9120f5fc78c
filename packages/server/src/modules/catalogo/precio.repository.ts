import type { DbOrTx } from '../../db/database.js';
import { ENTREGA_Y_PAGOS_DE_TIENDA } from '../tiendas/tienda.service.js';

/**
 * What a line (a basket's, a guest's, an owner-typed order's) needs of its product and shop to
 * be shown, priced and ordered. The basket reads its stored lines with the same columns
 * (carrito.repository.ts), so every line is priced and checked by the same code.
 */
export const PRODUCTO_Y_TIENDA = [
  'tienda.version as tienda_version',
  'producto.name',
  'producto.price',
  'producto.image_url',
  'producto.deleted as producto_deleted',
  'producto.activated as producto_activated',
  'producto.agotado_hasta',
  'categoria.deleted as categoria_deleted',
  'tienda.nombre as tienda_nombre',
  'tienda.usuario as tienda_usuario',
  'tienda.image_url as tienda_image_url',
  'tienda.monto_minimo',
  'tienda.costo_de_envio',
  'tienda.deleted as tienda_deleted',
  'tienda.approved as tienda_approved',
  'tienda.activated as tienda_activated',
  'tienda.configured as tienda_configured',
  'tienda.time_zone',
  'tienda.pausado_hasta',
  // The shop's map point: a delivery zone's radius is measured from it.
  'tienda.ubicacion_lat as tienda_ubicacion_lat',
  'tienda.ubicacion_lng as tienda_ubicacion_lng',
  ...ENTREGA_Y_PAGOS_DE_TIENDA,
  'account.celular as tienda_celular',
] as const;

/**
 * Lines that live outside the server's cart (a guest's basket, an order the owner types): each
 * read with PRODUCTO_Y_TIENDA, like a stored basket line. Products of another shop or unknown
 * ids are left out; the caller compares counts.
 */
export async function readLineasDirectas(
  db: DbOrTx,
  tiendaId: number,
  lineas: readonly { productoId: number; cantidad: number; opciones: string; nota: string }[],
) {
  const ids = [...new Set(lineas.map((l) => l.productoId))];
  const rows = await db
    .selectFrom('producto')
    .innerJoin('categoria', 'categoria.id', 'producto.categoria_id')
    .innerJoin('tienda', 'tienda.id', 'producto.tienda_id')
    .innerJoin('account', 'account.id', 'tienda.account_id')
    .select(['producto.id as producto_id', 'producto.tienda_id', ...PRODUCTO_Y_TIENDA])
    .where('producto.id', 'in', ids)
    .where('producto.tienda_id', '=', tiendaId)
    .execute();
  const byId = new Map(rows.map((r) => [r.producto_id, r]));
  return lineas.flatMap((l) => {
    const row = byId.get(l.productoId);
    if (!row) return [];
    return [{ ...row, cantidad: l.cantidad, opciones: l.opciones, nota: l.nota }];
  });
}

/** A line as the catalogue prices it: its product and shop, quantity, option ids and note. */
export type LineaAPreciar = Awaited<ReturnType<typeof readLineasDirectas>>[number];
