import type { DbOrTx } from '../../db/database.js';
import * as repo from './personal.repository.js';

/**
 * A shop's staff (docs/api.md, "Staff and the kitchen"): invitations, accepting one, the
 * owner's list, role changes and removals, and the membership every staff request is read with.
 */

/** The membership of a staff account, whatever its state; undefined for any other account. */
export function findMiembroDeCuenta(db: DbOrTx, accountId: number) {
  return repo.findMiembroDeCuenta(db, accountId);
}

/** A member's last sign-in, for the owner's list. */
export function marcarUltimoAcceso(db: DbOrTx, personalId: number, now: string) {
  return repo.marcarUltimoAcceso(db, personalId, now);
}
