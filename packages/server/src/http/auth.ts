import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { can, type Accion, type Actor, type Role } from '@tianguis/domain';
import { AppError } from './app-error.js';

/** Who is calling, as read from a valid, unrevoked token. */
export interface Session {
  accountId: number;
  usuario: string;
  /** 0 when the account has no shop. */
  tiendaId: number;
  role: Role;
  celular: string;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The account's token version the token was issued under (a password change moves it). */
  tokenVersion: number;
  /**
   * Who acts for a shop: DUENO for its owner, the member's current role for its staff (read
   * from the database on every request, so a role change applies at once); null otherwise.
   */
  actor: Actor | null;
  /** The name who-acted fields record (the owner's usuario when its name is empty). */
  nombreCompleto: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** A bearer header wins; payloads may also carry `token` in the JSON body (docs/api.md). */
export function readToken(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const body = request.body as { token?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string' && body.token !== '') {
    return body.token;
  }
  return undefined;
}

export type ResolveSession = (token: string) => Promise<Session>;

/**
 * Of sessions resolved earlier, the `jti`s still valid now (not expired, not signed out, the
 * account still there and its token version unchanged): one database round trip for all of
 * them, so a process holding a thousand live streams re-checks them all at once.
 */
export type StillValidSessions = (sessions: readonly Session[]) => Promise<Set<string>>;

export interface AuthGuards {
  /** A preValidation hook: runs after the body is parsed and before it is validated, so a
   * caller without the right role learns nothing about the payload rules. */
  requireRole(...roles: Role[]): preValidationAsyncHookHandler;
  /**
   * The shop's owner, or a member of its staff whose role may do `accion` (the permission
   * table of docs/api.md, "Staff and the kitchen"); anyone else is 403.
   */
  requirePermiso(accion: Accion): preValidationAsyncHookHandler;
  /** Any signed-in caller. */
  requireSession: preValidationAsyncHookHandler;
  /** Anonymous callers pass; a token, when sent, must be valid (an expired one is a 401). */
  optionalSession: preValidationAsyncHookHandler;
}

export function createAuthGuards(resolveSession: ResolveSession): AuthGuards {
  const authenticate = async (request: FastifyRequest): Promise<Session> => {
    const token = readToken(request);
    if (!token) throw new AppError('NO_AUTENTICADO');
    const session = await resolveSession(token);
    request.session = session;
    return session;
  };
  return {
    requireRole(...roles) {
      return async (request) => {
        const session = await authenticate(request);
        if (!roles.includes(session.role)) throw new AppError('PROHIBIDO');
      };
    },
    requirePermiso(accion) {
      return async (request) => {
        const session = await authenticate(request);
        if (!can(session.actor, accion)) throw new AppError('PROHIBIDO');
      };
    },
    requireSession: async (request) => {
      await authenticate(request);
    },
    optionalSession: async (request) => {
      if (readToken(request)) await authenticate(request);
    },
  };
}

/** The session a guarded route was given; a route without a guard calling this is a bug. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('ruta sin guardia de sesión');
  return request.session;
}
