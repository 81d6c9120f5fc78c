import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aceptarInvitacionSchema,
  bajaPersonalSchema,
  cambiarRolPersonalSchema,
  invitarPersonalSchema,
  personalListaSchema,
  personalVistaSchema,
  tokenRespuestaSchema,
} from '@tianguis/domain';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import type { PersonalService } from './personal.service.js';

/** A shop's staff (docs/api.md, "Staff and the kitchen"). */
export function registerPersonalRoutes(
  app: FastifyInstance,
  deps: { personal: PersonalService; guards: AuthGuards },
): void {
  const { personal, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The staff is the owner's alone: no member of it, whatever the role, manages it.
  const owner = guards.requirePermiso('ajustes');
  const tags = ['personal'];

  api.post(
    '/api/tienda/personal',
    {
      schema: {
        tags,
        summary: 'Invita a una persona al personal de la tienda (le envía un correo con un enlace)',
        body: invitarPersonalSchema,
        response: { 201: personalVistaSchema },
      },
      preValidation: owner,
    },
    async (request, reply) =>
      reply.status(201).send(await personal.invite(sessionOf(request), request.body)),
  );

  api.get(
    '/api/tienda/personal',
    {
      schema: {
        tags,
        summary: 'El personal de la tienda y sus invitaciones vigentes',
        response: { 200: personalListaSchema },
      },
      preValidation: owner,
    },
    async (request) => personal.list(sessionOf(request)),
  );

  api.post(
    '/api/tienda/personal/rol',
    {
      schema: {
        tags,
        summary: 'Cambia el rol de una persona del personal (aplica a sus sesiones al instante)',
        body: cambiarRolPersonalSchema,
        response: { 200: personalVistaSchema },
      },
      preValidation: owner,
    },
    async (request) => personal.changeRol(sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/personal/baja',
    {
      schema: {
        tags,
        summary: 'Da de baja a una persona del personal: sus sesiones terminan al instante',
        body: bajaPersonalSchema,
        response: { 200: personalVistaSchema },
      },
      preValidation: owner,
    },
    async (request) => personal.removeMiembro(sessionOf(request), request.body.personalId),
  );

  api.post(
    '/api/personal/aceptar',
    {
      schema: {
        tags,
        summary: 'Acepta una invitación al personal: crea la cuenta y entrega un JWT',
        body: aceptarInvitacionSchema,
        response: { 200: tokenRespuestaSchema },
      },
    },
    async (request) => personal.accept(request.body),
  );
}
