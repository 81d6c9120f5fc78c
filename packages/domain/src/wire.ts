import { z } from 'zod';
import { ID_MAX } from './reglas.js';
import { mensajeRespuestaSchema } from './account.schema.js';

// What every request may carry and several answers share (docs/api.md, "Wire conventions").

/** Payloads may carry the token in the body; the header is preferred. */
export const tokenBodySchema = z
  .object({ token: z.string().max(4096).optional() })
  .nullish()
  .describe('token opcional; se prefiere el encabezado Authorization: Bearer');

/** `{mensaje}`: the answer of calls that only confirm. */
export const mensajeSchema = mensajeRespuestaSchema;

/**
 * A positive integer id: a JSON number, or digits (a path segment). Nothing else is coerced:
 * `true` or `[7]` are wrong types, not ids.
 */
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Identificador inválido' })
    .int('Identificador inválido')
    .positive('Identificador inválido')
    .max(ID_MAX, 'Identificador inválido'),
);

export const idParamsSchema = z.object({ id: idSchema });
