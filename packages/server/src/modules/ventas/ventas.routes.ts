import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  corteQuerySchema,
  corteSchema,
  exportacionCsvResponse,
  nombreArchivoVentas,
  rangoVentasSchema,
  ventasSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import * as ventas from './ventas.service.js';

// The owner's sales screen, cash close and CSV export (docs/sales.md, docs/api.md "Ventas").
// Always the caller's own shop: the session names it, no request parameter does.

const tags = ['ventas'];
const RANGO =
  'desde y hasta (AAAA-MM-DD) en la zona horaria de la tienda, ambos incluidos, a lo más 366 días.';

export function registerVentasRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Sales and the export: the owner and the ENCARGADO; the cash close, the CAJERO too.
  const owner = guards.requirePermiso('ventas');

  api.get(
    '/api/tienda/ventas',
    {
      schema: {
        tags,
        summary:
          'Ventas de la tienda en un periodo: totales, por día, por hora, por producto y por forma de pago',
        description: `${RANGO} Solo cuentan los pedidos COMPLETADO, por el día en que se hicieron.`,
        querystring: rangoVentasSchema,
        response: { 200: ventasSchema },
      },
      preValidation: owner,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return ventas.getVentas(db, sessionOf(request), request.query);
    },
  );

  api.get(
    '/api/tienda/corte',
    {
      schema: {
        tags,
        summary:
          'Corte de caja de un día: efectivo, terminal y transferencias pagadas y pendientes',
        description:
          'fecha (AAAA-MM-DD) en la zona horaria de la tienda; pedidos COMPLETADO de ese día.',
        querystring: corteQuerySchema,
        response: { 200: corteSchema },
      },
      preValidation: guards.requirePermiso('corte'),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return ventas.getCorte(db, sessionOf(request), request.query.fecha);
    },
  );

  api.get(
    '/api/pedido/exportar',
    {
      schema: {
        tags,
        summary: 'Los pedidos de un periodo en CSV (una fila por producto de cada pedido)',
        description: `${RANGO} Todos los estados. UTF-8 con BOM, RFC 4180; una celda que empieza con = + - @, tabulador o retorno de carro lleva un apóstrofo delante.`,
        querystring: rangoVentasSchema,
        response: { 200: exportacionCsvResponse },
      },
      preValidation: owner,
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      const chunks = await ventas.exportPedidos(db, sessionOf(request), request.query);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${nombreArchivoVentas(desde, hasta)}"`,
          )
          .header('cache-control', 'private, no-store')
          // The CSV's text as a stream (rows as they are read): Fastify sends it as it comes, no
          // serializer; the schema's string is what /docs shows.
          .send(Readable.from(chunks) as unknown as string)
      );
    },
  );
}
