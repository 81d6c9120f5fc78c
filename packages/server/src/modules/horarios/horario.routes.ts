import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  diaEspecialSchema,
  diaEspecialVistaSchema,
  horarioSemanaSchema,
  horarioVistaSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { idParamsSchema, idSchema } from '../../http/schemas.js';
import * as horarios from './horario.service.js';

const tiendaParams = z.object({ tiendaId: idSchema });
const semanaRespuesta = { 200: z.array(horarioVistaSchema) };
const diasRespuesta = { 200: z.array(diaEspecialVistaSchema) };

export function registerHorarioRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Hours and special days: the owner and the ENCARGADO.
  const owner = guards.requirePermiso('catalogo');
  const tags = ['horarios'];
  /** What anyone may read of a shop, and the id of one that exists (404 otherwise). */
  const readOfTienda = <R extends z.ZodType>(summary: string, response: { 200: R }) => ({
    schema: { tags, summary, params: tiendaParams, response },
  });
  const existingTiendaId = async (request: { params: { tiendaId: number } }) => {
    await horarios.assertTiendaExists(db, request.params.tiendaId);
    return request.params.tiendaId;
  };

  api.post(
    '/api/horario/addrange',
    {
      schema: {
        tags,
        summary: 'Reemplaza la semana de la tienda del dueño',
        body: horarioSemanaSchema,
        response: semanaRespuesta,
      },
      preValidation: owner,
    },
    async (request) => horarios.replaceSemana(db, sessionOf(request), request.body),
  );

  api.get(
    '/api/horario/getbytienda/:tiendaId',
    readOfTienda('Horario semanal de una tienda', semanaRespuesta),
    async (request) => horarios.listHorariosOf(db, await existingTiendaId(request)),
  );

  api.get(
    '/api/horariosdias/getbytienda/:tiendaId',
    readOfTienda('Días especiales de una tienda', diasRespuesta),
    async (request) => horarios.listDiasEspecialesOf(db, await existingTiendaId(request)),
  );

  api.post(
    '/api/horariosdias/add',
    {
      schema: {
        tags,
        summary: 'Agrega un día especial (cerrado)',
        body: diaEspecialSchema.and(z.object({ tiendaId: idSchema.optional() })),
        response: diasRespuesta,
      },
      preValidation: owner,
    },
    async (request) => horarios.addDiaEspecial(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/horariosdias/update/:id',
    {
      schema: {
        tags,
        summary: 'Cambia un día especial',
        params: idParamsSchema,
        body: diaEspecialSchema,
        response: diasRespuesta,
      },
      preValidation: owner,
    },
    async (request) =>
      horarios.updateDiaEspecial(db, sessionOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/horariosdias/delete/:id',
    {
      schema: {
        tags,
        summary: 'Elimina un día especial',
        params: idParamsSchema,
        response: diasRespuesta,
      },
      preValidation: owner,
    },
    async (request) => horarios.deleteDiaEspecial(db, sessionOf(request), request.params.id),
  );
}
