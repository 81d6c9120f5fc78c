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

  api.post(
    '/api/tienda/addcategoria',
    {
      schema: {
        tags,
        summary: 'Agrega una categoría',
        body: categoriaSchema.and(optionalTiendaId),
        response,
      },
      preValidation: owner,
    },
    async (request) => catalogo.addCategoria(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/updatecategoria',
    {
      schema: {
        tags,
        summary: 'Cambia el título o la imagen de una categoría',
        body: categoriaSchema.and(z.object({ id: idSchema })),
        response,
      },
      preValidation: owner,
    },
    async (request) => catalogo.updateCategoria(db, sessionOf(request), request.body),
  );

  const deleteCategoria = {
    schema: { tags, summary: 'Elimina una categoría y sus productos', response },
    preValidation: owner,
  };
  api.post(
    '/api/tienda/deletecategoria/:id',
    { ...deleteCategoria, schema: { ...deleteCategoria.schema, params: idParamsSchema } },
    async (request) => catalogo.deleteCategoria(db, sessionOf(request), request.params.id),
  );
  api.post(
    '/api/tienda/deletecategoria',
    { ...deleteCategoria, schema: { ...deleteCategoria.schema, body: idParamsSchema } },
    async (request) => catalogo.deleteCategoria(db, sessionOf(request), request.body.id),
  );

  api.post(
    '/api/tienda/addproducto',
    {
      schema: {
        tags,
        summary: 'Agrega un producto (con sus grupos de opciones, si los hay)',
        body: productoSchema.and(optionalTiendaId).and(optionalGrupos),
        response,
      },
      preValidation: owner,
    },
    async (request) => catalogo.addProducto(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/updateproducto',
    {
      schema: {
        tags,
        summary: 'Cambia un producto (y sus grupos de opciones cuando vienen)',
        body: productoSchema
          .and(z.object({ id: idSchema, activarODesactivar: z.boolean().optional() }))
          .and(optionalGrupos),
        response,
      },
      preValidation: owner,
    },
    async (request) => catalogo.updateProducto(db, sessionOf(request), request.body),
  );

  const deleteProducto = {
    schema: { tags, summary: 'Elimina un producto', response },
    preValidation: owner,
  };
  api.post(
    '/api/tienda/deleteproducto/:id',
    { ...deleteProducto, schema: { ...deleteProducto.schema, params: idParamsSchema } },
    async (request) => catalogo.deleteProducto(db, sessionOf(request), request.params.id),
  );
  api.post(
    '/api/tienda/deleteproducto',
    { ...deleteProducto, schema: { ...deleteProducto.schema, body: idParamsSchema } },
    async (request) => catalogo.deleteProducto(db, sessionOf(request), request.body.id),
  );

  api.post(
    '/api/tienda/activateproducto',
    {
      schema: {
        tags,
        summary: 'Activa o desactiva un producto',
        body: z.object({
          productoId: idSchema,
          activate: z.boolean({ error: 'activate debe ser true o false' }),
        }),
        response,
      },
      preValidation: owner,
    },
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
    {
      schema: {
        tags,
        summary: 'Marca un producto agotado hasta el fin del día de la tienda, o lo regresa',
        body: agotarProductoSchema,
        response,
      },
      preValidation: guards.requirePermiso('agotar'),
    },
    async (request) =>
      catalogo.setProductoAgotado(
        db,
        sessionOf(request),
        request.body.productoId,
        request.body.agotado,
      ),
  );
}
