import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actualizarContrasenaSchema,
  cambiarContrasenaSchema,
  mensajeRespuestaSchema,
  recuperacionMetodosSchema,
  recuperarEmailSchema,
  registroRespuestaSchema,
  registroSchema,
  restaurarPasswordSchema,
  signInSchema,
  tokenRespuestaSchema,
  usuarioRegistradoSchema,
} from '@tianguis/domain';
import type { Config } from '../../config.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { tokenBodySchema } from '../../http/schemas.js';
import type { AccountService } from './account.service.js';

const CONTRASENA_ACTUALIZADA = { mensaje: 'Contrasena actualizada.' };

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; guards: AuthGuards; limiter: RateLimiter; config: Config },
): void {
  const { accounts, guards, limiter, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before the database closes (onClose): a reset under way still writes its secret or code.
  app.addHook('preClose', async () => accounts.close());
  /** A step of the password reset: open to anyone, answered with a message. */
  const recoveryStep = <B extends z.ZodType>(summary: string, body: B) => ({
    schema: { tags: ['cuentas'], summary, body, response: { 200: mensajeRespuestaSchema } },
  });

  api.post(
    '/api/login/registerUser',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Registra un consumidor (tipousuario si) o una tienda (tipousuario no)',
        body: registroSchema,
        response: { 200: registroRespuestaSchema },
      },
    },
    async (request) => {
      // Every attempt counts, failed ones too: a 'taken' answer tells whether an email or a
      // phone has an account, so those are what must be bounded (docs/reliability.md, "Limits"). Counted before
      // the work so simultaneous ones are counted too.
      await limiter.consume(`register-ip:${request.ip}`, config.rateLimits.registrationsPerIp);
      const { id } = await accounts.registerUser(request.body);
      return { mensaje: 'USUARIO CREADO' as const, id };
    },
  );

  api.post(
    '/api/login/authenticate',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Inicia sesión y entrega un JWT',
        body: signInSchema,
        response: { 200: tokenRespuestaSchema },
      },
    },
    async (request) => accounts.authenticate(request.body, request.ip),
  );

  api.post(
    '/api/login/logout',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Cierra la sesión: el token queda revocado',
        body: tokenBodySchema,
        response: { 200: mensajeRespuestaSchema },
      },
      preValidation: guards.requireSession,
    },
    async (request) => {
      await accounts.logout(sessionOf(request));
      return { mensaje: 'SESION CERRADA' };
    },
  );

  api.post(
    '/api/login/listarlogin',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Usuarios registrados, el más reciente primero (solo ADMIN)',
        body: tokenBodySchema,
        response: { 200: z.array(usuarioRegistradoSchema) },
      },
      preValidation: guards.requireRole('ADMIN'),
    },
    async () => accounts.listRegisteredUsers(),
  );

  api.post(
    '/api/recuperarcontrasena/emailderecuperacion',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Envía un enlace para cambiar la contraseña; siempre responde 200',
        querystring: recuperarEmailSchema,
        response: { 200: mensajeRespuestaSchema },
      },
    },
    async (request) => {
      await accounts.sendResetEmail(request.query.email, request.ip);
      return { mensaje: 'Se ha enviado un correo para recuperar tu contraseña.' };
    },
  );

  api.get(
    '/api/login/recuperacion',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Qué caminos para recuperar la contraseña están disponibles',
        response: { 200: recuperacionMetodosSchema },
      },
    },
    async () => accounts.recoveryMethods(),
  );

  api.post(
    '/api/recuperarcontrasena/actualizarContrasena',
    recoveryStep(
      'Cambia la contraseña con el secreto del enlace enviado por correo',
      actualizarContrasenaSchema,
    ),
    async (request) => {
      await accounts.resetPasswordWithSecret(request.body.secret, request.body.newPassword);
      return CONTRASENA_ACTUALIZADA;
    },
  );

  api.post(
    '/api/restaurar/restaurarpassword',
    recoveryStep(
      'Envía un código de 6 dígitos al celular registrado; siempre responde 200',
      restaurarPasswordSchema,
    ),
    async (request) => {
      await accounts.sendPhoneCode(request.body.celular, request.ip);
      return { mensaje: 'Te enviamos un código a tu celular.' };
    },
  );

  api.post(
    '/api/restaurar/cambiarcontrasena',
    recoveryStep('Cambia la contraseña con el código enviado al celular', cambiarContrasenaSchema),
    async (request) => {
      await accounts.resetPasswordWithCode(request.body, request.ip);
      return CONTRASENA_ACTUALIZADA;
    },
  );
}
