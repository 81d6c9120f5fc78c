import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { idSchema, tokenBodySchema } from '../../http/schemas.js';
import * as carrito from './carrito.service.js';
import { addItemSchema, cantidadLineaSchema, carritoSchema } from '@tianguis/domain';

const tags = ['carrito'];

export function registerCarritoRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const shopper = guards.requireRole('USUARIO');

  api.post(
    '/api/shoppingcartmarket/listarcarrito',
    {
      schema: {
        tags,
        summary: 'La canasta del consumidor, un grupo por tienda',
        body: tokenBodySchema,
        response: { 200: carritoSchema },
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
        summary: 'Agrega una unidad de un producto con sus opciones y nota',
        description:
          'Una línea es un producto con un conjunto de opciones y una nota: lo mismo otra vez suma una unidad a esa línea.',
        body: addItemSchema,
        response: { 200: carritoSchema },
      },
      preValidation: shopper,
    },
    async (request) => carrito.addItem(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/shoppingcartmarket/cantidad',
    {
      schema: {
        tags,
        summary: 'Fija la cantidad de una línea (0 la quita)',
        body: cantidadLineaSchema,
        response: { 200: carritoSchema },
      },
      preValidation: shopper,
    },
    async (request) =>
      carrito.setCantidad(
        db,
        sessionOf(request),
        request.body.shoppingCartId,
        request.body.cantidad,
      ),
  );

  api.post(
    '/api/shoppingcartmarket/removeItem',
    {
      schema: {
        tags,
        summary: 'Quita una unidad de una línea (la línea se va en cero)',
        body: z.object({ shoppingCartId: idSchema }),
        response: { 200: carritoSchema },
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
        summary: 'Quita una línea (shoppingCartId) o todas las de un producto (productoId)',
        body: z
          .object({ productoId: idSchema.optional(), shoppingCartId: idSchema.optional() })
          .refine(
            (b) => (b.productoId === undefined) !== (b.shoppingCartId === undefined),
            'Identificador inválido',
          ),
        response: { 200: carritoSchema },
      },
      preValidation: shopper,
    },
    async (request) => {
      const { productoId, shoppingCartId } = request.body;
      return carrito.clearItem(
        db,
        sessionOf(request),
        shoppingCartId !== undefined ? { shoppingCartId } : { productoId: productoId! },
      );
    },
  );

  api.post(
    '/api/shoppingcartmarket/removecart',
    {
      schema: {
        tags,
        summary: 'Vacía la canasta de una tienda',
        body: z.object({ tiendaId: idSchema }),
        response: { 200: carritoSchema },
      },
      preValidation: shopper,
    },
    async (request) => carrito.removeCart(db, sessionOf(request), request.body.tiendaId),
  );
}
