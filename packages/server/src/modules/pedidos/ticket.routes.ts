import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketParamsSchema, ticketQuerySchema } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { findTicketDePedido } from './ticket.service.js';

// docs/api.md, "Staff and the kitchen": tickets that print themselves. The bytes go to a
// thermal printer as they are (the web app sends them over WebUSB, Web Serial or Bluetooth).

const ticketEscposResponse = {
  description: 'Bytes ESC/POS para una impresora térmica (página de códigos WPC1252)',
  content: {
    'application/octet-stream': {
      schema: z
        .string()
        .describe(
          'ESC @, ESC t 16, el ticket a 32 (58 mm) u 48 (80 mm) columnas en windows-1252 y GS V (corte total)',
        ),
    },
  },
};

export function registerTicketRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/pedido/ticket/:pedidoId',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'El ticket de un pedido de la tienda en bytes ESC/POS',
        description:
          'ancho: 58 (32 columnas, por omisión) u 80 (48 columnas). Fecha y hora del pedido en la zona horaria de la tienda. Cocina: solo pedidos aceptados y listos, sin teléfono ni dirección.',
        params: ticketParamsSchema,
        querystring: ticketQuerySchema,
        response: { 200: ticketEscposResponse },
      },
      // Every role of the shop; what the kitchen sees is the service's.
      preValidation: guards.requirePermiso('pedidos'),
    },
    async (request, reply) => {
      const { pedidoId } = request.params;
      const bytes = await findTicketDePedido(
        db,
        sessionOf(request),
        pedidoId,
        request.query.ancho === 80 ? 80 : 58,
      );
      return (
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `inline; filename="pedido-${pedidoId}.bin"`)
          .header('cache-control', 'private, no-store')
          // Bytes are sent as they are: no serializer runs for a Buffer.
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as string)
      );
    },
  );
}
