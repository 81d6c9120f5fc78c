import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agotarProductoSchema,
  categoriaSchema,
  gruposInputSchema,
  productoSchema,
  tiendaListaSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { idParamsSchema, idSchema } from '../../http/schemas.js';
import * as catalogo from './catalogo.service.js';

const optionalTiendaId = z.object({ tiendaId: idSchema.optional() });
/** Left out: the product's option groups stay as they are; `[]` removes them all. */
const optionalGrupos = z.object({ grupos: gruposInputSchema.optional() });

export function registerCatalogoRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The owner and the ENCARGADO; sold out for today, every role (docs/api.md, "Staff and the kitchen").
  const owner = guards.requirePermiso('catalogo');
  const tags = ['catalogo'];
  // Every change answers the owner's shop list as it is after it (docs/api.md).
  const response = { 200: tiendaListaSchema };
  const catalogoCall = <B extends z.ZodType>(summary: string, body: B, guard = owner) => ({
    schema: { tags, summary, body, response },
    preValidation: guard,
  });
  /** A delete by id, which the first edition's clients send in the path or in the body. */
  const postDelete = (path: string, summary: string, remove: typeof catalogo.deleteCategoria) => {
    api.post(
      `${path}/:id`,
      { schema: { tags, summary, response, params: idParamsSchema }, preValidation: owner },
      async (request) => remove(db, sessionOf(request), request.params.id),
    );
    api.post(
      path,
      { schema: { tags, summary, response, body: idParamsSchema }, preValidation: owner },
      async (request) => remove(db, sessionOf(request), request.body.id),
    );
  };

  api.post(
    '/api/tienda/addcategoria',
    catalogoCall('Agrega una categoría', categoriaSchema.and(optionalTiendaId)),
    async (request) => catalogo.addCategoria(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/updatecategoria',
    catalogoCall(
      'Cambia el título o la imagen de una categoría',
      categoriaSchema.and(z.object({ id: idSchema })),
    ),
    async (request) => catalogo.updateCategoria(db, sessionOf(request), request.body),
  );

  postDelete(
    '/api/tienda/deletecategoria',
    'Elimina una categoría y sus productos',
    catalogo.deleteCategoria,
  );

  api.post(
    '/api/tienda/addproducto',
    catalogoCall(
      'Agrega un producto (con sus grupos de opciones, si los hay)',
      productoSchema.and(optionalTiendaId).and(optionalGrupos),
    ),
    async (request) => catalogo.addProducto(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/updateproducto',
    catalogoCall(
      'Cambia un producto (y sus grupos de opciones cuando vienen)',
      productoSchema
        .and(z.object({ id: idSchema, activarODesactivar: z.boolean().optional() }))
        .and(optionalGrupos),
    ),
    async (request) => catalogo.updateProducto(db, sessionOf(request), request.body),
  );

  postDelete('/api/tienda/deleteproducto', 'Elimina un producto', catalogo.deleteProducto);

  api.post(
    '/api/tienda/activateproducto',
    catalogoCall(
      'Activa o desactiva un producto',
      z.object({
        productoId: idSchema,
        activate: z.boolean({ error: 'activate debe ser true o false' }),
      }),
    ),
    async (request) =>
      catalogo.activateProducto(
        db,
        sessionOf(request),
        request.body.productoId,
        request.body.activate,
      ),
  );

  api.post(
    '/api/tienda/agotarproducto',
    catalogoCall(
      'Marca un producto agotado hasta el fin del día de la tienda, o lo regresa',
      agotarProductoSchema,
      guards.requirePermiso('agotar'),
    ),
    async (request) =>
      catalogo.setProductoAgotado(
        db,
        sessionOf(request),
        request.body.productoId,
        request.body.agotado,
      ),
  );
}
