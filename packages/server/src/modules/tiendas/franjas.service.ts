import {
  ahoraMin,
  franjasBase,
  franjasConCupo,
  getEstadoPedidos,
  type Franjas,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import { contarPorFranja, findTiendaProgramable } from './franjas.repository.js';
import { demoraDe, programacionDe } from './programacion.view.js';

// `GET /api/tienda/franjas/{usuario}` (docs/api.md, "Orders for later"): the slots a shop offers
// for orders for later, with the places left in each, and the estimate of an order placed now.

const notFound = () => new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');

/**
 * The slot listing at `now`. Reads the shop (one indexed query), its week and special days
 * (kept under the shop's version, findCalendarioDe) and, when the shop limits orders per slot,
 * the places taken in every slot listed (one grouped query over the orders for later). An
 * unknown, deleted or hidden shop is 404, as its public page.
 */
export async function listFranjas(db: DbOrTx, usuario: string, now: Date): Promise<Franjas> {
  const tienda = await findTiendaProgramable(db, usuario.trim().toLowerCase());
  if (!tienda) throw notFound();
  const { horarios, diasEspeciales } = await findCalendarioDe(db, tienda.id, tienda.version);
  const programacion = programacionDe(tienda);
  const timeZone = tienda.time_zone;
  const base = franjasBase({ programacion, horarios, diasEspeciales, timeZone }, now);
  const limite = programacion.pedidosPorIntervalo;
  const primera = base[0];
  const ultima = base.at(-1);
  const ocupados =
    limite === null || primera === undefined || ultima === undefined
      ? new Map<number, number>()
      : await contarPorFranja(
          db,
          tienda.id,
          new Date(primera.inicio).toISOString(),
          new Date(ultima.inicio).toISOString(),
        );
  // The shop is active (the visibility rule); open now and not paused is the domain's `abierta`.
  const estado = getEstadoPedidos(
    { nombre: tienda.nombre, timeZone, pausadoHasta: tienda.pausado_hasta },
    horarios,
    diasEspeciales,
    now,
  );
  return {
    ahoraMin: ahoraMin(programacion, demoraDe(tienda, now), estado.abierta),
    franjas: franjasConCupo(base, limite, (inicio) => ocupados.get(inicio) ?? 0),
  };
}
