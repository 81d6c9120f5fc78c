import { z } from 'zod';
import {
  isMailbox,
  NOMBRE_COMPLETO_MAX,
  passwordPolicySchema,
  registroMessages,
} from './account.schema.js';
import { ESTADOS_PERSONAL, personalMessages, ROLES_PERSONAL } from './personal.js';
import { ID_MAX } from './reglas.js';
import { idSchema } from './wire.js';

// The wire of a shop's staff (docs/api.md, "Staff and the kitchen").

const NOMBRE_MIN = 2;
const invalid = { error: 'Datos inválidos' };

/** A member's id as a JSON number, within the databases' integer range. */
const ID_INVALIDO = 'Identificador inválido';
const personalIdSchema = z
  .number({ error: ID_INVALIDO })
  .int(ID_INVALIDO)
  .positive(ID_INVALIDO)
  .max(ID_MAX, ID_INVALIDO);

const rolSchema = z.enum(ROLES_PERSONAL, { error: personalMessages.rolInvalido });

const nombreCompletoSchema = z
  .string(invalid)
  .trim()
  .min(NOMBRE_MIN, registroMessages.nombreCompletoMin)
  .max(NOMBRE_COMPLETO_MAX, registroMessages.nombreCompletoMax);

/** `POST /api/tienda/personal`: who to invite and as what. */
export const invitarPersonalSchema = z.object({
  email: z.string(invalid).trim().toLowerCase().refine(isMailbox, registroMessages.emailFormato),
  nombreCompleto: nombreCompletoSchema,
  rol: rolSchema,
});
export type InvitarPersonal = z.output<typeof invitarPersonalSchema>;

/** `POST /api/personal/aceptar`: the invitation's token, the new password and the name. */
export const aceptarInvitacionSchema = z.object({
  token: z.string(invalid).min(1, personalMessages.invitacionInvalida).max(200),
  password: passwordPolicySchema,
  nombreCompleto: nombreCompletoSchema,
});
export type AceptarInvitacion = z.output<typeof aceptarInvitacionSchema>;

/** `POST /api/tienda/personal/rol`. */
export const cambiarRolPersonalSchema = z.object({
  personalId: personalIdSchema,
  rol: rolSchema,
});

/** `POST /api/tienda/personal/baja`. */
export const bajaPersonalSchema = z.object({
  personalId: personalIdSchema,
});

/** One member of the staff as the owner's list shows them. */
export const personalVistaSchema = z.object({
  personalId: z.number(),
  nombreCompleto: z.string(),
  email: z.string(),
  rol: z.enum(ROLES_PERSONAL),
  estado: z.enum(ESTADOS_PERSONAL),
  /** ISO instant of the last sign-in, or null. */
  ultimoAcceso: z.string().nullable(),
});
export type PersonalVista = z.output<typeof personalVistaSchema>;

export const personalListaSchema = z.array(personalVistaSchema);

/** Who acted on an order: `{nombreCompleto, rol}` (the owner's rol is DUENO), or null. */
export const quienActuoSchema = z
  .object({
    nombreCompleto: z.string(),
    rol: z.enum(['DUENO', ...ROLES_PERSONAL]),
  })
  .nullable();

/** `GET /api/pedido/ticket/{pedidoId}?ancho=58|80`. */
export const ticketParamsSchema = z.object({ pedidoId: idSchema });
export const ticketQuerySchema = z.object({
  ancho: z
    .enum(['58', '80'], { error: 'El ancho del ticket debe ser 58 u 80' })
    .default('58')
    .transform(Number),
});
