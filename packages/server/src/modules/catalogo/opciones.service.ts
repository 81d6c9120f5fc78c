import type { GrupoDef } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import * as repo from './opciones.repository.js';

/** Other modules read a product's option groups here (the basket, the checkout). */
export function loadGruposDe(
  db: DbOrTx,
  productoIds: readonly number[],
): Promise<Map<number, GrupoDef[]>> {
  return repo.loadGruposDe(db, productoIds);
}
