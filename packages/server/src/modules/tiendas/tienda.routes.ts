import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activarTiendaSchema,
  ajustesTiendaSchema,
  cotizacionEnvioSchema,
  cotizarEnvioSchema,
  demoraSchema,
  directorioSchema,
  franjasSchema,
  pausarSchema,
  tiendaListaSchema,
  tiendaPublicaSchema,
  tiendaUpdateSchema,
  tiendaVistaSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { sendCachedJson } from '../../http/json-answer-cache.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { idSchema } from '../../http/schemas.js';
import { createFranjasReader } from './franjas.service.js';
import { createPublicTiendaReader, type PublicTiendaReader } from './tienda-publica.service.js';
import { createTiendaListas } from './tienda-lista.service.js';
import type { CachedAnswer } from './tienda-lista.js';
import * as tiendas from './tienda.service.js';
import { quoteEnvio } from './zonas.service.js';

/** `cotizarenvio`: quotes per client address and window (docs/api.md, "Delivery zones"). */
export const COTIZACIONES_POR_IP = 60;
export const COTIZACIONES_WINDOW_MS = 60_000;

const tiendaListDescription =
  'Lista de tiendas con sus categorias y productos (forma de la primera edición: tiendaId, usuario, nombre, ...)';
const notModifiedDescription = 'Responde 304 cuando If-None-Match coincide con el ETag.';

/** Sends a cached answer (its bytes, not serialised again) or 304, with its ETag. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (answer.notModified) return reply.status(304).send();
  return sendCachedJson(request, reply, answer.cache, answer.key, answer.entry);
}

export function registerTiendaRoutes(
  app: FastifyInstance,
  /** `readPublicTienda`: one reader (and its cache) shared with the shop pages. */
  deps: {
    db: Db;
    guards: AuthGuards;
    readPublicTienda?: PublicTiendaReader;
    /** Runs once a pending shop is approved: the owner's messages (tienda-aprobacion.ts). */
    onAprobada?: (tiendaId: number) => void;
    /** Counts `cotizarenvio` per address, in a COTIZACIONES_WINDOW_MS window. */
    cotizarLimiter: RateLimiter;
  },
) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readPublicTienda = deps.readPublicTienda ?? createPublicTiendaReader(db);
  const listas = createTiendaListas(db);
  const readFranjas = createFranjasReader(db);
  const tiendaLista = { 200: tiendaListaSchema };

  api.get(
    '/api/tienda/listartiendas',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Tiendas visibles; el dueño también recibe la suya y el ADMIN todas',
        description: `${tiendaListDescription}. ${notModifiedDescription}`,
        response: tiendaLista,
      },
      preValidation: guards.optionalSession,
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await listas.listFor(request.session ?? null, request.headers['if-none-match']),
      ),
  );

  api.get(
    '/api/tienda/directorio',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Las tiendas visibles por nombre, sin catálogo: la lista de la página de inicio',
        description: notModifiedDescription,
        response: { 200: directorioSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(request, reply, await listas.directorio(request.headers['if-none-match'])),
  );

  api.get(
    '/api/tienda/mitienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'La tienda del dueño con todas sus categorias y productos, en cualquier estado',
        description: tiendaListDescription,
        response: { 200: tiendaVistaSchema },
      },
      preValidation: guards.requirePermiso('pedidos'),
    },
    async (request) => tiendas.getOwnTiendaView(db, sessionOf(request)),
  );

  api.get(
    '/api/tienda/publica/:usuario',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Página pública de una tienda: tienda, categorias, productos, horarios',
        description: notModifiedDescription,
        params: z.object({ usuario: z.string().min(1).max(100) }),
        response: { 200: tiendaPublicaSchema },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await readPublicTienda.answer(request.params.usuario, request.headers['if-none-match']),
      ),
  );

  api.post(
    '/api/tienda/updatetienda',
    {
      schema: {
        tags: ['tiendas'],
        summary:
          'Configura la tienda del dueño (nombre, imagen, monto mínimo, envío; entrega y pagos opcionales)',
        body: tiendaUpdateSchema.and(ajustesTiendaSchema),
        response: tiendaLista,
      },
      preValidation: guards.requirePermiso('ajustes'),
    },
    async (request) => tiendas.updateTienda(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/cotizarenvio',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Zona de envío de una dirección (colonia, código postal o ubicación) y su costo',
        description: `Cualquiera, sin sesión; hasta ${COTIZACIONES_POR_IP} por minuto por dirección IP (429 DEMASIADOS_INTENTOS después). Sin zonas activas responde {zona: null, mensaje: null}; fuera de toda zona, zona null y el mensaje de FUERA_DE_ZONA.`,
        body: cotizarEnvioSchema,
        response: { 200: cotizacionEnvioSchema },
      },
    },
    async (request) => {
      // Counted before the work, so quotes asked at once are counted too.
      await deps.cotizarLimiter.consume(`cotizar-envio-ip:${request.ip}`, COTIZACIONES_POR_IP);
      return quoteEnvio(db, request.body);
    },
  );

  api.post(
    '/api/tienda/pausar',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Pausa los pedidos nuevos de 15 a 240 minutos; 0 los reanuda',
        body: pausarSchema,
        response: tiendaLista,
      },
      preValidation: guards.requirePermiso('ritmo'),
    },
    async (request) => tiendas.pauseTienda(db, sessionOf(request), request.body.minutos),
  );

  api.post(
    '/api/tienda/demora',
    {
      schema: {
        tags: ['tiendas'],
        summary:
          'Estamos ocupados: suma de 0 a 90 minutos al tiempo estimado hasta el fin del día de la tienda; 0 la quita',
        body: demoraSchema,
        response: tiendaLista,
      },
      preValidation: guards.requirePermiso('ritmo'),
    },
    async (request) => tiendas.delayTienda(db, sessionOf(request), request.body.minutos),
  );

  api.get(
    '/api/tienda/franjas/:usuario',
    {
      schema: {
        tags: ['tiendas'],
        summary:
          'Horarios para pedidos programados de una tienda, con lugares, y el tiempo estimado ahora',
        description:
          'Cualquiera, sin sesión. ahoraMin es null cuando la tienda no toma pedidos ahora; franjas vacía sin programación. 404 NO_ENCONTRADO para una tienda que no existe o no es pública.',
        params: z.object({ usuario: z.string().min(1).max(100) }),
        response: { 200: franjasSchema },
      },
    },
    async (request, reply) => {
      const { key, entry } = await readFranjas(request.params.usuario, new Date());
      // Places change with every order: never kept by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      return sendCachedJson(request, reply, readFranjas.cache, key, entry);
    },
  );

  api.post(
    '/api/tienda/activatetienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Activa o desactiva la tienda del dueño',
        body: activarTiendaSchema,
        response: tiendaLista,
      },
      preValidation: guards.requirePermiso('ajustes'),
    },
    async (request) => tiendas.activateTienda(db, sessionOf(request), request.body.activate),
  );

  api.post(
    '/api/tienda/approveTienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Aprueba una tienda (solo ADMIN)',
        body: z.object({ tiendaId: idSchema }),
        response: tiendaLista,
      },
      preValidation: guards.requireRole('ADMIN'),
    },
    async (request) =>
      tiendas.approveTienda(db, sessionOf(request), request.body.tiendaId, deps.onAprobada),
  );
}
