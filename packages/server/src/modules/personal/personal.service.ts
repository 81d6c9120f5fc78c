import type { FastifyBaseLogger } from 'fastify';
import {
  ESTADOS_PERSONAL,
  INVITACION_TTL_MS,
  MAX_PERSONAL,
  NO_USUARIO,
  personalMessages,
  type AceptarInvitacion,
  type InvitarPersonal,
  type PersonalVista,
  type RolPersonal,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { randomSecret, sha256 } from '../../lib/secrets.js';
import type { Notifier } from '../../notifier/notifier.js';
import type { AccountService } from '../accounts/account.service.js';
import { requireOwnTienda } from '../tiendas/tienda.service.js';
import * as repo from './personal.repository.js';

/**
 * A shop's staff (docs/api.md, "Staff and the kitchen"): invitations, accepting one, the
 * owner's list, role changes and removals, and the membership every staff request is read with.
 *
 * Choices the contract leaves open (docs/api.md, "Staff and the kitchen"):
 * - inviting an email again while this shop has an unaccepted row for it (pending, expired or
 *   withdrawn) renews that row: new name, role, token and 72 hours; the old link stops working;
 * - the owner's list leaves out expired and withdrawn invitations, and shows invitations first,
 *   then active members, then removed ones, each by name;
 * - a role change of a removed member, or of an expired invitation, is 404 like an unknown one;
 * - removing a member already removed answers the member as it is (nothing changes).
 */

/** The membership of a staff account, whatever its state; undefined for any other account. */
export function findMiembroDeCuenta(db: DbOrTx, accountId: number) {
  return repo.findMiembroDeCuenta(db, accountId);
}

/** A member's last sign-in, for the owner's list. */
export function markUltimoAcceso(db: DbOrTx, personalId: number, now: string) {
  return repo.markUltimoAcceso(db, personalId, now);
}

export interface PersonalServiceDeps {
  db: Db;
  /** Accounts: the email check, the staff account, its token, voiding tokens. */
  staffAccounts: AccountService['staff'];
  notifier: Notifier;
  /** The web app's address, for the invitation's link. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The invitation could not be emailed: it is withdrawn, and the owner may try again. */
const INVITACION_NO_ENVIADA =
  'No pudimos enviar la invitación por correo. Inténtalo de nuevo en unos minutos.';

type PersonalRow = NonNullable<Awaited<ReturnType<typeof repo.findPersonalDeTienda>>>;

function vistaDe(row: PersonalRow): PersonalVista {
  return {
    personalId: row.id,
    nombreCompleto: row.nombre_completo,
    email: row.email,
    rol: row.rol,
    estado: row.estado,
    ultimoAcceso: row.ultimo_acceso,
  };
}

/** Whether the owner's list shows the row: not an expired or withdrawn invitation. */
function isListado(row: PersonalRow, now: string): boolean {
  if (row.account_id !== null) return true;
  return row.estado === 'INVITADO' && row.expira_en > now;
}

const nombres = new Intl.Collator('es-MX', { sensitivity: 'base' });

function porEstadoYNombre(a: PersonalRow, b: PersonalRow): number {
  return (
    ESTADOS_PERSONAL.indexOf(a.estado) - ESTADOS_PERSONAL.indexOf(b.estado) ||
    nombres.compare(a.nombre_completo, b.nombre_completo) ||
    a.id - b.id
  );
}

/** The invitation's link on the web app's address. */
export function enlaceDeInvitacion(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/personal/aceptar?token=${encodeURIComponent(token)}`;
}

export function createPersonalService(deps: PersonalServiceDeps) {
  const { db, staffAccounts, notifier, publicUrl, log } = deps;

  /** The caller's shop's member, listed or not; 404 for an unknown id or another shop's. */
  async function requireMiembro(session: Session, personalId: number): Promise<PersonalRow> {
    const row = await repo.findPersonalDeTienda(db, session.tiendaId, personalId);
    if (!row) throw new AppError('NO_ENCONTRADO', personalMessages.noEncontrado);
    return row;
  }

  /** `POST /api/tienda/personal` (owner): writes the invitation, then emails its link. */
  async function invite(session: Session, input: InvitarPersonal): Promise<PersonalVista> {
    const tienda = await requireOwnTienda(db, session);
    if (await staffAccounts.isEmailInUse(input.email)) throw new AppError('CORREO_EN_USO');
    const token = randomSecret();
    const now = nowIso();
    const invitacion: repo.Invitacion = {
      tiendaId: tienda.id,
      email: input.email,
      nombreCompleto: input.nombreCompleto,
      rol: input.rol,
      tokenHash: sha256(token),
      now,
      expiraEn: isoAfter(INVITACION_TTL_MS, new Date(now)),
    };
    const personalId = await db.transaction().execute(async (trx) => {
      await repo.lockPersonalDeTienda(trx, tienda.id);
      const previa = await repo.findInvitacionDeEmail(trx, tienda.id, input.email);
      const vigentes = await repo.countMiembrosVigentes(trx, tienda.id, now, previa?.id);
      if (vigentes >= MAX_PERSONAL) throw new AppError('VALIDACION', personalMessages.maximo);
      if (!previa) return repo.insertInvitacion(trx, invitacion);
      await repo.renewInvitacion(trx, previa.id, invitacion);
      return previa.id;
    });

    const nombreTienda = tienda.nombre === NO_USUARIO ? tienda.usuario : tienda.nombre;
    try {
      await notifier.sendEmail({
        to: input.email,
        subject: personalMessages.asuntoInvitacion(nombreTienda),
        text: personalMessages.cuerpoInvitacion(
          input.nombreCompleto,
          nombreTienda,
          input.rol,
          enlaceDeInvitacion(publicUrl, token),
        ),
      });
    } catch (error) {
      // A link nobody received must not stay usable, nor count toward the limit.
      log.error({ err: error, tiendaId: tienda.id }, 'no se pudo enviar la invitación al personal');
      await repo.removeMiembro(db, personalId, nowIso());
      throw new AppError('SERVICIO_NO_DISPONIBLE', INVITACION_NO_ENVIADA);
    }
    return vistaDe(await requireMiembro(session, personalId));
  }

  /**
   * `POST /api/personal/aceptar` (no session): the account and the membership in one
   * transaction, then a token like `authenticate`'s.
   */
  async function accept(input: AceptarInvitacion): Promise<{ token: string }> {
    const tokenHash = sha256(input.token);
    const invitacion = await repo.findInvitacionVigente(db, tokenHash, nowIso());
    if (!invitacion) throw new AppError('INVITACION_INVALIDA');
    if (await staffAccounts.isEmailInUse(invitacion.email)) throw new AppError('CORREO_EN_USO');
    // Slow on purpose (argon2id): done before the transaction, and only for a live invitation.
    const passwordHash = await staffAccounts.hashPassword(input.password);
    const accountId = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const claimed = await repo.claimInvitacion(trx, {
        tokenHash,
        now,
        nombreCompleto: input.nombreCompleto,
      });
      // Another acceptance of the same link won, or it expired meanwhile.
      if (!claimed) throw new AppError('INVITACION_INVALIDA');
      let id: number;
      try {
        id = await staffAccounts.insertAccount(trx, {
          email: claimed.email,
          passwordHash,
          nombreCompleto: input.nombreCompleto,
          now,
        });
      } catch (error) {
        // Someone registered the address since the check above.
        if (isUniqueViolation(error)) throw new AppError('CORREO_EN_USO');
        throw error;
      }
      await repo.setCuentaDeMiembro(trx, claimed.id, id);
      return id;
    });
    return staffAccounts.signIn(accountId);
  }

  /** `GET /api/tienda/personal` (owner). */
  async function list(session: Session): Promise<PersonalVista[]> {
    const now = nowIso();
    const rows = await repo.listPersonalDeTienda(db, session.tiendaId);
    return rows
      .filter((row) => isListado(row, now))
      .sort(porEstadoYNombre)
      .map(vistaDe);
  }

  /** `POST /api/tienda/personal/rol` (owner): the member's tokens carry it from their next request. */
  async function changeRol(
    session: Session,
    input: { personalId: number; rol: RolPersonal },
  ): Promise<PersonalVista> {
    const row = await requireMiembro(session, input.personalId);
    if (row.estado === 'BAJA' || !isListado(row, nowIso())) {
      throw new AppError('NO_ENCONTRADO', personalMessages.noEncontrado);
    }
    if (row.rol !== input.rol) await repo.updateRol(db, row.id, input.rol);
    return vistaDe({ ...row, rol: input.rol });
  }

  /**
   * `POST /api/tienda/personal/baja` (owner): BAJA, the invitation's link void, and the account's
   * token version raised, so every token (and every live stream, on any instance) stops at once.
   */
  async function removeMiembro(session: Session, personalId: number): Promise<PersonalVista> {
    const row = await requireMiembro(session, personalId);
    if (row.estado === 'BAJA') return vistaDe(row);
    await db.transaction().execute(async (trx) => {
      await repo.removeMiembro(trx, row.id, nowIso());
      if (row.account_id !== null) await staffAccounts.revokeTokens(trx, row.account_id);
    });
    return vistaDe(await requireMiembro(session, personalId));
  }

  return { invite, accept, list, changeRol, removeMiembro };
}

export type PersonalService = ReturnType<typeof createPersonalService>;
