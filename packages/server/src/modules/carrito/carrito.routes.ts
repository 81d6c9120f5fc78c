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
  /** Every call is the shopper's own and answers their basket as it is afterwards. */
  const basketCall = <B extends z.ZodType>(summary: string, body: B, description?: string) => ({
    schema: {
      tags,
      summary,
      ...(description === undefined ? {} : { description }),
      body,
      response: { 200: carritoSchema },
    },
    preValidation: shopper,
  });

  api.post(
    '/api/shoppingcartmarket/listarcarrito',
    basketCall('La canasta del consumidor, un grupo por tienda', tokenBodySchema),
    async (request) => carrito.listCarrito(db, sessionOf(request)),
  );

  api.post(
    '/api/shoppingcartmarket/addItem',
    basketCall(
      'Agrega una unidad de un producto con sus opciones y nota',
      addItemSchema,
      'Una línea es un producto con un conjunto de opciones y una nota: lo mismo otra vez suma una unidad a esa línea.',
    ),
    async (request) => carrito.addItem(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/shoppingcartmarket/cantidad',
    basketCall('Fija la cantidad de una línea (0 la quita)', cantidadLineaSchema),
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
    basketCall(
      'Quita una unidad de una línea (la línea se va en cero)',
      z.object({ shoppingCartId: idSchema }),
    ),
    async (request) => carrito.removeItem(db, sessionOf(request), request.body.shoppingCartId),
  );

  api.post(
    '/api/shoppingcartmarket/clearItem',
    basketCall(
      'Quita una línea (shoppingCartId) o todas las de un producto (productoId)',
      z
        .object({ productoId: idSchema.optional(), shoppingCartId: idSchema.optional() })
        .refine(
          (b) => (b.productoId === undefined) !== (b.shoppingCartId === undefined),
          'Identificador inválido',
        ),
    ),
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
    basketCall('Vacía la canasta de una tienda', z.object({ tiendaId: idSchema })),
    async (request) => carrito.removeCart(db, sessionOf(request), request.body.tiendaId),
  );
}
