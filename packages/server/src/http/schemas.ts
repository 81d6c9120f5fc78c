import { ID_MAX } from '@tianguis/domain';
import { z } from 'zod';

/** Payloads may carry the token in the body; the header is preferred (docs/api.md). */
export const tokenBodySchema = z
  .object({ token: z.string().max(4096).optional() })
  .nullish()
  .describe('token opcional; se prefiere el encabezado Authorization: Bearer');

export const mensajeSchema = z.object({ mensaje: z.string() });

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
