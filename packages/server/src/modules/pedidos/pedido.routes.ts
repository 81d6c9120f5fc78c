import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { sendCachedJson } from '../../http/json-answer-cache.js';
import type { PedidoEventBus } from './pedido-eventos.js';
import { tokenBodySchema } from '../../http/schemas.js';
import {
  aceptarPedidoSchema,
  cancelarPedidoSchema,
  pedidoIdSchema,
  pedidoListaSchema,
  pedidosTiendaQuerySchema,
  pedidoVistaSchema,
  seguimientoParamsSchema,
} from '@tianguis/domain';
import * as pedidos from './pedido.service.js';

const tags = ['pedidos'];
/** 304 carries no body (If-None-Match named the list as it is). */
const noModificadoSchema = z.null().describe('Sin cambios: sin cuerpo');

export function registerPedidoRoutes(
  app: FastifyInstance,
  deps: { db: Db; guards: AuthGuards; bus: PedidoEventBus },
) {
  const { db, guards, bus } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Accept, cancel, complete, paid, seen: the owner, the ENCARGADO and the CAJERO.
  const owner = guards.requirePermiso('atender');
  const ownerLists = pedidos.createOwnerPedidoLists(db);

  api.post(
    '/api/pedido/listarpedidosbyid',
    {
      schema: {
        tags,
        summary: 'Los pedidos del consumidor',
        body: tokenBodySchema,
        response: { 200: pedidoListaSchema },
      },
      preValidation: guards.requireRole('USUARIO'),
    },
    async (request) => pedidos.listPedidosOfShopper(db, sessionOf(request)),
  );

  api.post(
    '/api/pedido/listarpedidosbytiendaid',
    {
      schema: {
        tags,
        summary: 'Los pedidos de la tienda, el más nuevo primero',
        description:
          'Filtros opcionales: status, activos (NUEVO, ACEPTADO y LISTO), sinAtender (escalados o cancelados sin abrir), desde (ids mayores), antes (ids menores), limite (500 por omisión). Responde 304 si If-None-Match coincide. La cocina (COCINA) recibe solo los pedidos ACEPTADO y LISTO, sin el celular ni la dirección del cliente.',
        body: pedidosTiendaQuerySchema,
        // Sent as the bytes kept under its ETag (pedido.service.ts), made from PedidoVista.
        response: { 200: pedidoListaSchema, 304: noModificadoSchema },
      },
      preValidation: guards.requirePermiso('pedidos'),
    },
    async (request, reply) => {
      const { token: _token, ...query } = request.body ?? {};
      const answer = await ownerLists.read(
        sessionOf(request),
        query,
        request.headers['if-none-match'],
      );
      void reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (!answer.entry) return reply.status(304).send(null);
      return sendCachedJson(request, reply, answer.cache, answer.etag, answer.entry);
    },
  );

  const pedidoAnswer = { response: { 200: pedidoVistaSchema } };
  api.post(
    '/api/pedido/completarpedidobypedidoid',
    {
      schema: {
        tags,
        summary: 'Completa un pedido NUEVO, ACEPTADO o LISTO',
        body: pedidoIdSchema,
        ...pedidoAnswer,
      },
      preValidation: owner,
    },
    async (request) =>
      pedidos.finishPedido(db, bus, sessionOf(request), request.body.pedidoId, 'COMPLETADO'),
  );
  api.post(
    '/api/pedido/cancelarpedidobypedidoid',
    {
      schema: {
        tags,
        summary: 'Cancela un pedido NUEVO, ACEPTADO o LISTO, con un motivo opcional',
        body: cancelarPedidoSchema,
        ...pedidoAnswer,
      },
      preValidation: owner,
    },
    async (request) =>
      pedidos.finishPedido(
        db,
        bus,
        sessionOf(request),
        request.body.pedidoId,
        'CANCELADO',
        request.body.motivo,
      ),
  );
  api.post(
    '/api/pedido/aceptarpedido',
    {
      schema: {
        tags,
        summary: 'Acepta un pedido NUEVO con el tiempo estimado para tenerlo listo',
        body: aceptarPedidoSchema,
        ...pedidoAnswer,
      },
      preValidation: owner,
    },
    async (request) =>
      pedidos.acceptPedido(
        db,
        bus,
        sessionOf(request),
        request.body.pedidoId,
        request.body.minutos,
      ),
  );
  api.post(
    '/api/pedido/listo',
    {
      schema: {
        tags,
        summary: 'Marca un pedido ACEPTADO como LISTO (para recoger o en camino)',
        body: pedidoIdSchema,
        ...pedidoAnswer,
      },
      // Every role of the shop, the kitchen included (docs/api.md, "Staff and the kitchen").
      preValidation: guards.requirePermiso('listo'),
    },
    async (request) => pedidos.markListo(db, bus, sessionOf(request), request.body.pedidoId),
  );
  api.post(
    '/api/pedido/marcarpagado',
    {
      schema: {
        tags,
        summary: 'Marca el pago como recibido',
        body: pedidoIdSchema,
        ...pedidoAnswer,
      },
      preValidation: owner,
    },
    async (request) => pedidos.markPagado(db, bus, sessionOf(request), request.body.pedidoId),
  );
  api.post(
    '/api/pedido/visto',
    {
      schema: {
        tags,
        summary: 'Registra la primera vez que el dueño abre el pedido',
        body: pedidoIdSchema,
        ...pedidoAnswer,
      },
      preValidation: owner,
    },
    async (request) => pedidos.markVisto(db, bus, sessionOf(request), request.body.pedidoId),
  );

  api.get(
    '/api/pedido/seguimiento/:seguimiento',
    {
      schema: {
        tags,
        summary: 'Un pedido por su clave de seguimiento (sin cuenta)',
        params: seguimientoParamsSchema,
        response: { 200: pedidoVistaSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return pedidos.findPedidoBySeguimiento(db, request.params.seguimiento);
    },
  );
}
