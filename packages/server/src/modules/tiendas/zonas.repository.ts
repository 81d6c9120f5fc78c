import type { DbOrTx } from '../../db/database.js';
import type { ZonaInput } from '@tianguis/domain';

/** A delivery zone as stored, read: amounts in centavos (docs/api.md, "Delivery zones"). */
export type ZonaGuardada = Omit<ZonaInput, 'id'> & { id: number };

function parseLista(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Every zone of each shop, in the owner's order. */
export async function readZonas(
  db: DbOrTx,
  tiendaIds: readonly number[],
): Promise<Map<number, ZonaGuardada[]>> {
  const zonas = new Map<number, ZonaGuardada[]>(tiendaIds.map((id) => [id, []]));
  if (tiendaIds.length === 0) return zonas;
  const rows = await db
    .selectFrom('tienda_zona')
    .selectAll()
    .where('tienda_id', 'in', tiendaIds)
    .orderBy('tienda_id')
    .orderBy('orden')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    zonas.get(r.tienda_id)?.push({
      id: r.id,
      nombre: r.nombre,
      colonias: parseLista(r.colonias),
      codigosPostales: parseLista(r.codigos_postales),
      radioKm: r.radio_km === null ? null : Number(r.radio_km),
      costoDeEnvio: Number(r.costo_de_envio),
      montoMinimo: Number(r.monto_minimo),
      activa: Number(r.activa) === 1,
    });
  }
  return zonas;
}

/**
 * The shop's zones become exactly `zonas`, in that order, on `trx` (the caller's transaction,
 * which also raises the shop's version): a zone sent back with the id of one of this shop's
 * zones keeps it; any other id (unknown, or another shop's) makes a new zone, so a shop never
 * touches another's rows; zones left out are deleted.
 */
export async function replaceZonas(
  trx: DbOrTx,
  tiendaId: number,
  zonas: readonly ZonaInput[],
): Promise<void> {
  const existentes = new Set(
    (
      await trx.selectFrom('tienda_zona').select('id').where('tienda_id', '=', tiendaId).execute()
    ).map((r) => r.id),
  );
  const conservadas = new Set(
    zonas.flatMap((z) => (z.id !== undefined && existentes.has(z.id) ? [z.id] : [])),
  );
  const borrar = [...existentes].filter((id) => !conservadas.has(id));
  if (borrar.length > 0) {
    await trx
      .deleteFrom('tienda_zona')
      .where('tienda_id', '=', tiendaId)
      .where('id', 'in', borrar)
      .execute();
  }
  for (const [orden, zona] of zonas.entries()) {
    const values = {
      orden,
      nombre: zona.nombre,
      colonias: JSON.stringify(zona.colonias),
      codigos_postales: JSON.stringify(zona.codigosPostales),
      radio_km: zona.radioKm,
      costo_de_envio: zona.costoDeEnvio,
      monto_minimo: zona.montoMinimo,
      activa: zona.activa ? 1 : 0,
    };
    if (zona.id !== undefined && conservadas.has(zona.id)) {
      await trx
        .updateTable('tienda_zona')
        .set(values)
        .where('tienda_id', '=', tiendaId)
        .where('id', '=', zona.id)
        .execute();
    } else {
      await trx
        .insertInto('tienda_zona')
        .values({ tienda_id: tiendaId, ...values })
        .execute();
    }
  }
}
