import {
  aceptarInvitacionSchema,
  firstIssueMessage,
  passwordPolicySchema,
  registroMessages,
} from '@tianguis/domain';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../auth';

export interface AceptarValues {
  nombreCompleto: string;
  password: string;
  confirmacion: string;
}

export type CampoAceptar = keyof AceptarValues;

export interface ProblemaAceptar {
  campo: CampoAceptar | undefined;
  message: string;
}

export const FALLO_ACEPTAR = 'No pudimos crear tu cuenta. Inténtalo de nuevo.';

/**
 * The rules `aceptar` applies (docs/api.md, "Staff and the kitchen": the registration's name and
 * password rules), in the form's order, and the repeat of the password: the first one broken.
 */
export function checkAceptar(values: AceptarValues): ProblemaAceptar | undefined {
  const nombre = aceptarInvitacionSchema.shape.nombreCompleto.safeParse(values.nombreCompleto);
  if (!nombre.success) return { campo: 'nombreCompleto', message: firstIssueMessage(nombre.error) };
  const password = passwordPolicySchema.safeParse(values.password);
  if (!password.success) return { campo: 'password', message: firstIssueMessage(password.error) };
  if (values.confirmacion !== values.password) {
    return { campo: 'confirmacion', message: registroMessages.contrasenasDiferentes };
  }
  return undefined;
}

/** Whether the server said the invitation is unknown, used or expired. */
export function isInvitacionInvalida(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVITACION_INVALIDA';
}

/** Any other refusal: a field's VALIDACION at its field, the rest for the whole form. */
export function problemaAlAceptar(error: unknown): ProblemaAceptar {
  const message = errorMessage(error, FALLO_ACEPTAR);
  if (error instanceof ApiError && error.code === 'VALIDACION') {
    const field = (error.body as { errors?: { field?: unknown }[] } | undefined)?.errors?.[0]
      ?.field;
    if (field === 'nombreCompleto' || field === 'password') return { campo: field, message };
  }
  return { campo: undefined, message };
}
