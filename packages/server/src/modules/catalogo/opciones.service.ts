import type { GrupoDef } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { cachedByTiendaVersion } from '../../lib/tienda-version-cache.js';
import * as repo from './opciones.repository.js';

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

/**
 * Every option group of one shop's products (inactive options included), kept under the shop's
 * version: what the basket and the checkout price lines with.
 */
export const loadGruposDeTienda = cachedByTiendaVersion((db, tiendaId) =>
  repo.loadGrupos(db, { tiendaIds: [tiendaId] }),
);
