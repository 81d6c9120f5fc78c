import {
  isDiaEspecial,
  type DiaEspecial,
  type DiaEspecialVista,
  type HorarioDia,
  type HorarioVista,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, errorCatalog } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  assertOwnTiendaId,
  bumpTiendaVersion,
  findTiendaById,
  requireOwnTienda,
} from '../tiendas/tienda.service.js';
import { cachedByTiendaVersion } from '../../lib/tienda-version-cache.js';
import * as repo from './horario.repository.js';

// The answers' shapes are the domain's wire schemas (packages/domain/src/horario.schema.ts).
export type HorarioView = HorarioVista;
export type DiaEspecialView = DiaEspecialVista;

/** The public reads answer 404 for a shop that doesn't exist (docs/api.md). */
export async function assertTiendaExists(db: DbOrTx, tiendaId: number): Promise<void> {
  if (!(await findTiendaById(db, tiendaId))) {
    throw new AppError('NO_ENCONTRADO', 'La tienda no existe');
  }
}

export async function listHorariosOf(db: DbOrTx, tiendaId: number): Promise<HorarioView[]> {
  const rows = await repo.listHorarios(db, tiendaId);
  return rows.map((r) => ({
    id: r.id,
    tiendaId: r.tienda_id,
    dia: r.dia,
    apertura: r.apertura,
    cierre: r.cierre,
    cerrado: r.cerrado === 1,
  }));
}

export async function listDiasEspecialesOf(
  db: DbOrTx,
  tiendaId: number,
): Promise<DiaEspecialView[]> {
  const rows = await repo.listDiasEspeciales(db, tiendaId);
  return rows.map((r) => ({
    id: r.id,
    tiendaId: r.tienda_id,
    fecha: r.fecha,
    recurrenteCadaAnio: r.recurrente_cada_anio === 1,
  }));
}

export interface Calendario {
  horarios: HorarioDia[];
  diasEspeciales: DiaEspecial[];
}

/**
 * The weeks of many shops and their special days on any of `fechas` (ascending YYYY-MM-DD
 * dates; a yearly day by its month and day), as the domain's hours rules read them: two queries
 * whatever the number of shops (the directory, docs/api.md). Shops without any are left out.
 */
export async function listCalendariosDe(
  db: DbOrTx,
  tiendaIds: number[],
  fechas: readonly string[],
): Promise<Map<number, Calendario>> {
  const [horarios, dias] = await Promise.all([
    repo.listHorariosOfTiendas(db, tiendaIds),
    repo.listDiasEspecialesOfTiendas(db, tiendaIds, fechas[0] ?? ''),
  ]);
  const calendarios = new Map<number, Calendario>();
  const de = (tiendaId: number) => {
    let calendario = calendarios.get(tiendaId);
    if (!calendario) calendarios.set(tiendaId, (calendario = { horarios: [], diasEspeciales: [] }));
    return calendario;
  };
  for (const h of horarios) {
    de(h.tienda_id).horarios.push({
      dia: h.dia,
      apertura: h.apertura,
      cierre: h.cierre,
      cerrado: h.cerrado === 1,
    });
  }
  for (const d of dias) {
    const dia = { fecha: d.fecha, recurrenteCadaAnio: d.recurrente_cada_anio === 1 };
    if (fechas.some((fecha) => isDiaEspecial(fecha, [dia]))) {
      de(d.tienda_id).diasEspeciales.push(dia);
    }
  }
  return calendarios;
}

const OTRA_TIENDA = 'Solo puedes cambiar los horarios de tu tienda';

export async function replaceSemana(
  db: Db,
  session: Session,
  entries: { tiendaId?: number; dia: string; apertura: string; cierre: string; cerrado: boolean }[],
): Promise<HorarioView[]> {
  for (const e of entries) assertOwnTiendaId(session, e.tiendaId, OTRA_TIENDA);
  const tienda = await requireOwnTienda(db, session);
  await db.transaction().execute(async (trx) => {
    // The version bump comes first: its row lock makes two saves of one week take turns.
    await bumpTiendaVersion(trx, tienda.id);
    await repo.replaceHorarios(trx, tienda.id, entries);
  });
  return listHorariosOf(db, tienda.id);
}

export async function addDiaEspecial(
  db: Db,
  session: Session,
  input: { tiendaId?: number; fecha: string; recurrenteCadaAnio: boolean },
): Promise<DiaEspecialView[]> {
  assertOwnTiendaId(session, input.tiendaId, OTRA_TIENDA);
  const tienda = await requireOwnTienda(db, session);
  await unlessDiaExistente(() =>
    db.transaction().execute(async (trx) => {
      await repo.insertDiaEspecial(trx, { ...input, tiendaId: tienda.id, now: nowIso() });
      await bumpTiendaVersion(trx, tienda.id);
    }),
  );
  return listDiasEspecialesOf(db, tienda.id);
}

/**
 * A date a shop already has as a special day is refused by the unique index on (shop, date),
 * whoever gets there first: two saves at once end as one row and one DIA_EXISTENTE, never a 500.
 * The field error lets the form show the message beside the date.
 */
async function unlessDiaExistente(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const { message } = errorCatalog.DIA_EXISTENTE;
    throw new AppError('DIA_EXISTENTE', message, { errors: [{ field: 'fecha', message }] });
  }
}

const diaNoEncontrado = () => new AppError('NO_ENCONTRADO', 'El día especial no existe');

export async function updateDiaEspecial(
  db: Db,
  session: Session,
  id: number,
  input: { fecha: string; recurrenteCadaAnio: boolean },
): Promise<DiaEspecialView[]> {
  const tienda = await requireOwnTienda(db, session);
  await unlessDiaExistente(() =>
    db.transaction().execute(async (trx) => {
      const updated = await repo.updateDiaEspecial(trx, { ...input, id, tiendaId: tienda.id });
      if (!updated) throw diaNoEncontrado();
      await bumpTiendaVersion(trx, tienda.id);
    }),
  );
  return listDiasEspecialesOf(db, tienda.id);
}

export async function deleteDiaEspecial(
  db: Db,
  session: Session,
  id: number,
): Promise<DiaEspecialView[]> {
  const tienda = await requireOwnTienda(db, session);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.deleteDiaEspecial(trx, id, tienda.id))) throw diaNoEncontrado();
    await bumpTiendaVersion(trx, tienda.id);
  });
  return listDiasEspecialesOf(db, tienda.id);
}

/** A shop's week and special days, kept under the shop's version (the basket and checkout read). */
export const findCalendarioDe = cachedByTiendaVersion(async (db, tiendaId) => {
  const [horarios, diasEspeciales] = await Promise.all([
    listHorariosOf(db, tiendaId),
    listDiasEspecialesOf(db, tiendaId),
  ]);
  return { horarios, diasEspeciales };
});
