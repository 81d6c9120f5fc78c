import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  carritoSchema,
  idempotencyKeyHeadersSchema,
  idempotencyKeyRequiredHeadersSchema,
  pedidoConSeguimientoSchema,
  pedidoInvitadoSchema,
  pedidoManualSchema,
  procesarCarritoSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { PedidoEventBus } from '../pedidos/pedido.service.js';
import * as checkout from './checkout.service.js';

export { GUEST_ORDERS_PER_IP, GUEST_ORDERS_WINDOW_MS } from './checkout.service.js';

/** The three ways an order is placed: a signed-in basket, a guest, the owner typing one. */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: { db: Db; guards: AuthGuards; bus: PedidoEventBus; guestLimiter: RateLimiter },
) {
  const { db, guards, bus, guestLimiter } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/shoppingcartmarket/proccesscart',
    {
      schema: {
        tags: ['carrito'],
        summary: 'Convierte la canasta de una tienda en un pedido',
        description:
          'Con el encabezado Idempotency-Key, repetir la llamada responde el mismo pedido. El id del pedido va en el encabezado X-Pedido-Id. Con programadoPara (el inicio de un horario de GET /api/tienda/franjas) es un pedido para más tarde; otro instante es 409 HORARIO_NO_DISPONIBLE.',
        body: procesarCarritoSchema,
        headers: idempotencyKeyHeadersSchema,
        response: { 200: carritoSchema },
      },
      preValidation: guards.requireRole('USUARIO'),
    },
    async (request, reply) => {
      const { pedidoId, carrito: answer } = await checkout.placePedido(
        db,
        bus,
        sessionOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      void reply.header('x-pedido-id', String(pedidoId));
      return answer;
    },
  );

  const tags = ['pedidos'];
  const pedidoNuevoAnswer = { response: { 201: pedidoConSeguimientoSchema } };
  api.post(
    '/api/pedido/invitado',
    {
      schema: {
        tags,
        summary: 'Pedido sin cuenta (invitado)',
        description:
          'El encabezado Idempotency-Key es obligatorio: repetirlo responde el mismo pedido y el mismo seguimiento. Responde 201 {pedido, seguimiento}. Con programadoPara (el inicio de un horario de GET /api/tienda/franjas) es un pedido para más tarde, aun con la tienda cerrada o en pausa; otro instante, o un horario lleno, es 409 HORARIO_NO_DISPONIBLE.',
        body: pedidoInvitadoSchema,
        headers: idempotencyKeyRequiredHeadersSchema,
        ...pedidoNuevoAnswer,
      },
    },
    async (request, reply) => {
      const answer = await checkout.placePedidoInvitado(
        db,
        bus,
        guestLimiter,
        request.ip,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(answer);
    },
  );
  api.post(
    '/api/pedido/manual',
    {
      schema: {
        tags,
        summary: 'Pedido que el dueño escribe por un cliente de teléfono o WhatsApp',
        description:
          'Sin las reglas de horario, pausa, mínimo ni pedidos por teléfono. Idempotency-Key opcional. Responde 201 {pedido, seguimiento}. Con programadoPara sigue los horarios de la tienda y su cupo como cualquier pedido (409 HORARIO_NO_DISPONIBLE).',
        body: pedidoManualSchema,
        headers: idempotencyKeyHeadersSchema,
        ...pedidoNuevoAnswer,
      },
      preValidation: guards.requirePermiso('atender'),
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const answer = await checkout.placePedidoDirecto(
        db,
        bus,
        { ...request.body, tiendaId: session.tiendaId, origen: 'MANUAL' },
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(answer);
    },
  );
}
