import {
  pesosToCentavos,
  centavosToPesos,
  chooseOpciones,
  type GrupoDef,
  type GrupoVista,
  type OpcionElegidaVista,
} from '@tianguis/domain';
import type { ProductoPublico } from '../../../lib/tienda-publica/get-tienda-publica';

/** A product's option groups as the domain's rules take them (extras in centavos). */
export function gruposDef(grupos: readonly GrupoVista[] | undefined): GrupoDef[] {
  return (grupos ?? []).map((g) => ({
    ...g,
    opciones: g.opciones.map((o) => ({ ...o, precioExtra: pesosToCentavos(o.precioExtra) })),
  }));
}

export type PrecioDeLinea =
  | {
      ok: true;
      opciones: OpcionElegidaVista[];
      /** Unit price with options, pesos. */ precio: number;
    }
  | { ok: false; message: string };

/**
 * A line's options and unit price from the product as its shop's public page shows it now, or
 * why that choice no longer works (an option was removed, a group's rule changed).
 */
export function precioDeLinea(
  producto: Pick<ProductoPublico, 'price' | 'grupos'>,
  opciones: readonly number[],
): PrecioDeLinea {
  const r = chooseOpciones(gruposDef(producto.grupos), opciones);
  if (!r.ok) return r;
  return {
    ok: true,
    opciones: r.opciones.map((o) => ({ ...o, precioExtra: centavosToPesos(o.precioExtra) })),
    precio: centavosToPesos(pesosToCentavos(producto.price) + r.extra),
  };
}
