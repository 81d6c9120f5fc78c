import type { Generated, Selectable } from 'kysely';
import type { EstadoPersonal, RolPersonal } from '@tianguis/domain';

/** A shop's staff member, from the invitation on (docs/api.md, "Staff and the kitchen"). */
export interface PersonalTable {
  id: Generated<number>;
  tienda_id: number;
  /** Null until the invitation is accepted. */
  account_id: number | null;
  /** Trimmed and lowercased, as invited. */
  email: string;
  nombre_completo: string;
  rol: RolPersonal;
  estado: EstadoPersonal;
  /** SHA-256 of the invitation's token; null once used. */
  token_hash: string | null;
  invitado_en: string;
  /** When the invitation stops working (ISO instant). */
  expira_en: string;
  aceptado_en: string | null;
  baja_en: string | null;
  /** The member's last sign-in (ISO instant). */
  ultimo_acceso: string | null;
}

export type Personal = Selectable<PersonalTable>;
