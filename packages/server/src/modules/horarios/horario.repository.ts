import type { DbOrTx } from '../../db/database.js';
import { changedOneRow } from '../../db/rows.js';

export function listHorarios(db: DbOrTx, tiendaId: number) {
  return db
    .selectFrom('horario')
    .select(['id', 'tienda_id', 'dia', 'apertura', 'cierre', 'cerrado'])
    .where('tienda_id', '=', tiendaId)
    .orderBy('id')
    .execute();
}

/** The weeks of many shops in one query (the directory), each shop's days in saved order. */
export function listHorariosOfTiendas(db: DbOrTx, tiendaIds: number[]) {
  if (tiendaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('horario')
    .select(['tienda_id', 'dia', 'apertura', 'cierre', 'cerrado'])
    .where('tienda_id', 'in', tiendaIds)
    .orderBy('tienda_id')
    .orderBy('id')
    .execute();
}

/**
 * Many shops' special days that may fall on `desde` (YYYY-MM-DD) or later: the dated ones from
 * then on and every yearly one (the caller picks the dates it wants), in one query.
 */
export function listDiasEspecialesOfTiendas(db: DbOrTx, tiendaIds: number[], desde: string) {
  if (tiendaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dia_especial')
    .select(['tienda_id', 'fecha', 'recurrente_cada_anio'])
    .where('tienda_id', 'in', tiendaIds)
    .where((eb) => eb.or([eb('recurrente_cada_anio', '=', 1), eb('fecha', '>=', desde)]))
    .orderBy('tienda_id')
    .orderBy('fecha')
    .orderBy('id')
    .execute();
}

export async function replaceHorarios(
  db: DbOrTx,
  tiendaId: number,
  entries: { dia: string; apertura: string; cierre: string; cerrado: boolean }[],
) {
  await db.deleteFrom('horario').where('tienda_id', '=', tiendaId).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('horario')
    .values(
      entries.map((e) => ({
        tienda_id: tiendaId,
        dia: e.dia,
        apertura: e.apertura,
        cierre: e.cierre,
        cerrado: e.cerrado ? 1 : 0,
      })),
    )
    .execute();
}

export function listDiasEspeciales(db: DbOrTx, tiendaId: number) {
  return db
    .selectFrom('dia_especial')
    .select(['id', 'tienda_id', 'fecha', 'recurrente_cada_anio'])
    .where('tienda_id', '=', tiendaId)
    .orderBy('fecha')
    .orderBy('id')
    .execute();
}

export async function insertDiaEspecial(
  db: DbOrTx,
  values: { tiendaId: number; fecha: string; recurrenteCadaAnio: boolean; now: string },
) {
  await db
    .insertInto('dia_especial')
    .values({
      tienda_id: values.tiendaId,
      fecha: values.fecha,
      recurrente_cada_anio: values.recurrenteCadaAnio ? 1 : 0,
      created_at: values.now,
    })
    .execute();
}

/** Changes a special day of this shop only; false when the id is not one of its days. */
export function updateDiaEspecial(
  db: DbOrTx,
  values: { id: number; tiendaId: number; fecha: string; recurrenteCadaAnio: boolean },
) {
  return changedOneRow(
    db
      .updateTable('dia_especial')
      .set({ fecha: values.fecha, recurrente_cada_anio: values.recurrenteCadaAnio ? 1 : 0 })
      .where('id', '=', values.id)
      .where('tienda_id', '=', values.tiendaId),
  );
}

export function deleteDiaEspecial(db: DbOrTx, id: number, tiendaId: number) {
  return changedOneRow(
    db.deleteFrom('dia_especial').where('id', '=', id).where('tienda_id', '=', tiendaId),
  );
}
