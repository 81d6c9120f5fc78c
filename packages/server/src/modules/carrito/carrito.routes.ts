import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { idSchema, tokenBodySchema } from '../../http/schemas.js';
import type { PedidoEventBus } from '../pedidos/pedido-eventos.js';
import { placePedido } from '../pedidos/pedido.service.js';
import * as carrito from './carrito.service.js';

const tags = ['carrito'];

export function registerCarritoRoutes(
  app: FastifyInstance,
  deps: { db: Db; guards: AuthGuards; bus: PedidoEventBus },
) {
  const { db, guards, bus } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const shopper = guards.requireRole('USUARIO');

  api.post(
    '/api/shoppingcartmarket/listarcarrito',
    {
      schema: {
        tags,
        summary: 'La canasta del consumidor, un grupo por tienda',
        body: tokenBodySchema,
      },
      preValidation: shopper,
    },
    async (request) => carrito.listCarrito(db, sessionOf(request)),
  );

  api.post(
    '/api/shoppingcartmarket/addItem',
    {
      schema: {
        tags,
        summary: 'Agrega una unidad de un producto',
        body: z.object({ productoId: idSchema }),
      },
      preValidation: shopper,
    },
    async (request) => carrito.addItem(db, sessionOf(request), request.body.productoId),
  );

  api.post(
    '/api/shoppingcartmarket/removeItem',
    {
      schema: {
        tags,
        summary: 'Quita una unidad de una línea (la línea se va en cero)',
        body: z.object({ shoppingCartId: idSchema }),
      },
      preValidation: shopper,
    },
    async (request) => carrito.removeItem(db, sessionOf(request), request.body.shoppingCartId),
  );

  api.post(
    '/api/shoppingcartmarket/clearItem',
    {
      schema: {
        tags,
        summary: 'Quita la línea de un producto',
        body: z.object({ productoId: idSchema }),
      },
      preValidation: shopper,
    },
    async (request) => carrito.clearItem(db, sessionOf(request), request.body.productoId),
  );

  api.post(
    '/api/shoppingcartmarket/removecart',
    {
      schema: {
        tags,
        summary: 'Vacía la canasta de una tienda',
        body: z.object({ tiendaId: idSchema }),
      },
      preValidation: shopper,
    },
    async (request) => carrito.removeCart(db, sessionOf(request), request.body.tiendaId),
  );

  api.post(
    '/api/shoppingcartmarket/proccesscart',
    {
      schema: {
        tags,
        summary: 'Convierte la canasta de una tienda en un pedido',
        description:
          'Con el encabezado Idempotency-Key, repetir la llamada responde el mismo pedido. El id del pedido va en el encabezado X-Pedido-Id.',
        body: z.object({ tiendaId: idSchema }),
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
      },
      preValidation: shopper,
    },
    async (request, reply) => {
      const { pedidoId, carrito: answer } = await placePedido(
        db,
        bus,
        sessionOf(request),
        request.body.tiendaId,
        request.headers['idempotency-key'],
      );
      void reply.header('x-pedido-id', String(pedidoId));
      return answer;
    },
  );
}
