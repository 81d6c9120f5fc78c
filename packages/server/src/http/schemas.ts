import { z } from 'zod';

/** The spec's payloads may carry the token in the body; the header is preferred. */
export const tokenBodySchema = z
  .object({ token: z.string().max(4096).optional() })
  .optional()
  .describe('token opcional; se prefiere el encabezado Authorization: Bearer');

export const mensajeSchema = z.object({ mensaje: z.string() });

/** A positive integer id, from a path segment or a JSON number. */
export const idSchema = z.coerce
  .number({ error: 'Identificador inválido' })
  .int('Identificador inválido')
  .positive('Identificador inválido')
  .max(2_147_483_647, 'Identificador inválido');

export const idParamsSchema = z.object({ id: idSchema });
