import {
  firstIssueMessage,
  invitarPersonalSchema,
  type InvitarPersonal,
  type RolPersonal,
} from '@tianguis/domain';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../auth';

export type CampoInvitacion = 'email' | 'nombreCompleto' | 'rol';

export interface InvitarValues {
  email: string;
  nombreCompleto: string;
  rol: RolPersonal | '';
}

export const INVITAR_VACIO: InvitarValues = { email: '', nombreCompleto: '', rol: '' };

/** What a refusal is about: a field (shown under it) or the whole form. */
export interface Problema {
  campo: CampoInvitacion | undefined;
  message: string;
}

export const FALLO_INVITACION = 'No pudimos enviar la invitación. Inténtalo de nuevo.';

const CAMPOS: readonly string[] = ['email', 'nombreCompleto', 'rol'] satisfies CampoInvitacion[];

function campoDe(value: unknown): CampoInvitacion | undefined {
  return typeof value === 'string' && CAMPOS.includes(value)
    ? (value as CampoInvitacion)
    : undefined;
}

/**
 * The domain's invitation rules before calling (the server applies the same ones): the
 * cleaned-up body, or the first rule broken with its field.
 */
export function checkInvitacion(
  values: InvitarValues,
): { ok: true; data: InvitarPersonal } | { ok: false; problema: Problema } {
  const parsed = invitarPersonalSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    problema: {
      campo: campoDe(parsed.error.issues[0]?.path[0]),
      message: firstIssueMessage(parsed.error),
    },
  };
}

/**
 * The server's refusal where it belongs (docs/api.md, "Staff and the kitchen"): an email that
 * already has an account at the email field, a field's VALIDACION at its field, anything else
 * (the 20-member limit, no connection, the mail server away) for the whole form.
 */
export function problemaDelServidor(error: unknown): Problema {
  const message = errorMessage(error, FALLO_INVITACION);
  if (!(error instanceof ApiError)) return { campo: undefined, message };
  if (error.code === 'CORREO_EN_USO') return { campo: 'email', message };
  if (error.code === 'VALIDACION') {
    const errors = (error.body as { errors?: { field?: unknown }[] } | undefined)?.errors;
    return { campo: campoDe(errors?.[0]?.field), message };
  }
  return { campo: undefined, message };
}
