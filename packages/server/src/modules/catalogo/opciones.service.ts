import type { GrupoDef } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import * as repo from './opciones.repository.js';

/** Other modules read a product's option groups here (the basket, the checkout). */
export function loadGruposDe(
  db: DbOrTx,
  productoIds: readonly number[],
): Promise<Map<number, GrupoDef[]>> {
  return repo.loadGrupos(db, { productoIds });
}

/**
 * The option groups of every product of these shops (the shop answers): all options for the
 * owner's and admin's views, the active ones only for everyone else.
 */
export function loadGruposDeTiendas(
  db: DbOrTx,
  tiendaIds: readonly number[],
  onlyActive: boolean,
): Promise<Map<number, GrupoDef[]>> {
  return repo.loadGrupos(db, { tiendaIds }, onlyActive);
}
