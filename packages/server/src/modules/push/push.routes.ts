import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPushSuscripcionSchema,
  pushClavePublicaSchema,
  pushDesuscripcionSchema,
  pushDesuscritoSchema,
  pushSuscritoSchema,
} from '@tianguis/domain';
import type { AuthGuards } from '../../http/auth.js';
import { isP256Point, type PushService } from './push.service.js';

const tags = ['notificaciones'];

/** A PushSubscription's JSON is well under 2 KB; anything far beyond is not one. */
const BODY_LIMIT = 4 * 1024;

export function registerPushRoutes(
  app: FastifyInstance,
  deps: { push: PushService; guards: AuthGuards; origins: readonly string[] },
) {
  const { push, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/push/clavepublica',
    {
      schema: {
        tags,
        summary: 'La clave pública VAPID para PushManager.subscribe',
        description: 'Responde 503 PUSH_NO_DISPONIBLE si el servidor no envía notificaciones.',
        response: { 200: pushClavePublicaSchema },
      },
    },
    async (_request, reply) => {
      const publicKey = push.publicKey();
      void reply.header('cache-control', 'no-cache');
      return { publicKey };
    },
  );

  api.post(
    '/api/push/suscribir',
    {
      schema: {
        tags,
        summary: 'Guarda la suscripción push de este navegador',
        description:
          'Con sesión (cualquier rol) o, sin cuenta, con la clave de seguimiento del pedido. Volver a suscribir el mismo endpoint cambia sus claves y su dueño. Responde 201.',
        body: createPushSuscripcionSchema({ origins: deps.origins, isP256Point }),
        response: { 201: pushSuscritoSchema },
      },
      bodyLimit: BODY_LIMIT,
      preValidation: guards.optionalSession,
    },
    async (request, reply) => {
      await push.subscribe(request.session, request.body);
      return reply.status(201).send({ endpoint: request.body.endpoint });
    },
  );

  api.post(
    '/api/push/desuscribir',
    {
      schema: {
        tags,
        summary: 'Olvida la suscripción push de este navegador',
        description:
          'Solo quita una suscripción de quien llama (su cuenta, o el pedido de su clave de seguimiento). eliminada dice si había una.',
        body: pushDesuscripcionSchema,
        response: { 200: pushDesuscritoSchema },
      },
      bodyLimit: BODY_LIMIT,
      preValidation: guards.optionalSession,
    },
    async (request) => ({ eliminada: await push.unsubscribe(request.session, request.body) }),
  );
}
