import {
  chooseOpciones,
  estadoMessages,
  idsDeClave,
  isAgotado,
  isTiendaVisible,
  type GrupoDef,
  type OpcionElegida,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { loadGruposDeTienda } from './opciones.service.js';
import type { LineaAPreciar } from './precio.repository.js';

/**
 * Pricing a line: "this product, with these options, costs this and can be ordered now". The
 * basket shows its lines with it and the checkout writes an order's lines with it
 * (docs/write-path.md, "Modules on the order path").
 */

export { PRODUCTO_Y_TIENDA, readLineasDirectas, type LineaAPreciar } from './precio.repository.js';

/** Whether the line's shop takes orders at all: the domain's visibility rule (`isTiendaVisible`). */
export function isTiendaDeLineaPublica(l: LineaAPreciar): boolean {
  return isTiendaVisible({
    deleted: l.tienda_deleted,
    approved: l.tienda_approved,
    activated: l.tienda_activated,
    configured: l.tienda_configured,
  });
}

/** Whether a line's product could be ordered right now from the catalogue's point of view. */
export function isLineaDisponible(l: LineaAPreciar): boolean {
  return (
    l.producto_deleted === 0 &&
    l.producto_activated === 1 &&
    l.categoria_deleted === 0 &&
    isTiendaDeLineaPublica(l)
  );
}

/** A line with its options resolved against the product's groups as they are now. */
export interface LineaResuelta<L extends LineaAPreciar = LineaAPreciar> {
  row: L;
  /** Unit price with options, centavos. */
  precio: number;
  opciones: OpcionElegida[];
  /** Why it can't be ordered now, or undefined. */
  problema:
    | {
        code: 'PRODUCTO_NO_DISPONIBLE' | 'PRODUCTO_AGOTADO' | 'OPCIONES_INVALIDAS';
        message: string;
      }
    | undefined;
}

/** The option groups of the lines' shops (read once per shop version), by shop. */
async function gruposDeLineas(db: DbOrTx, lineas: readonly LineaAPreciar[]) {
  const versiones = new Map(lineas.map((l) => [l.tienda_id, l.tienda_version]));
  const grupos = new Map<number, Map<number, GrupoDef[]>>();
  await Promise.all(
    [...versiones].map(async ([tiendaId, version]) => {
      grupos.set(tiendaId, await loadGruposDeTienda(db, tiendaId, version));
    }),
  );
  return grupos;
}

/** Resolves each line's options and finds what stops it being ordered at `now`. */
export async function resolveLineas<L extends LineaAPreciar>(
  db: DbOrTx,
  lineas: readonly L[],
  now: Date,
): Promise<LineaResuelta<L>[]> {
  // Every line's product, those chosen without options too: a group the owner made required
  // since the line went into the basket makes it invalid (its minimo is not met).
  const grupos = await gruposDeLineas(db, lineas);
  return lineas.map((row) => {
    const elegidas = chooseOpciones(
      grupos.get(row.tienda_id)?.get(row.producto_id) ?? [],
      idsDeClave(row.opciones),
    );
    const opciones = elegidas.ok ? elegidas.opciones : [];
    const precio = row.price + (elegidas.ok ? elegidas.extra : 0);
    let problema: LineaResuelta['problema'];
    if (!isLineaDisponible(row)) {
      problema = {
        code: 'PRODUCTO_NO_DISPONIBLE',
        message: `El producto ${row.name} ya no está disponible; quítalo de tu canasta`,
      };
    } else if (isAgotado(row.agotado_hasta, now)) {
      problema = { code: 'PRODUCTO_AGOTADO', message: estadoMessages.agotado(row.name) };
    } else if (!elegidas.ok) {
      problema = { code: 'OPCIONES_INVALIDAS', message: `${row.name}: ${elegidas.message}` };
    }
    return { row, precio, opciones, problema };
  });
}

/**
 * An order's lines priced now, all of one shop (`lineas[0]`'s): refused when that shop is not
 * public (TIENDA_CERRADA, for every order, the owner's typed ones too) or when a line cannot be
 * ordered (the first line's reason).
 */
export async function priceLineasForOrder<L extends LineaAPreciar>(
  db: DbOrTx,
  lineas: readonly [L, ...L[]],
  now: Date,
): Promise<LineaResuelta<L>[]> {
  if (!isTiendaDeLineaPublica(lineas[0])) {
    throw new AppError('TIENDA_CERRADA', 'La tienda no está disponible en este momento');
  }
  const resueltas = await resolveLineas(db, lineas, now);
  const problema = resueltas.find((l) => l.problema !== undefined)?.problema;
  if (problema) throw new AppError(problema.code, problema.message);
  return resueltas;
}
