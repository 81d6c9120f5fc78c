import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isDiskFull } from '../lib/db-errors.js';
import {
  AppError,
  errorCatalog,
  serviceUnavailable,
  type ErrorCode,
  type FieldError,
} from './app-error.js';

interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

function bodyOf(error: AppError): ErrorBody {
  const body: ErrorBody = error.errors
    ? { code: error.code, message: error.message, errors: error.errors }
    : { code: error.code, message: error.message };
  return error.extra ? { ...error.extra, ...body } : body;
}

/** Seconds a client should wait before retrying while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is down, restarting or out of connections: not a bug, and a retry in a few
 * seconds may work. Answered 503 with Retry-After instead of the 500 of an unknown fault.
 */
export function databaseUnavailable(cause: unknown): AppError {
  return serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS, { cause });
}

/** What a person reads when the database's disk refused the write (a full disk). */
export const DISCO_LLENO_MENSAJE =
  'No se pudo guardar porque el servidor se quedó sin espacio en disco; no se guardó nada de esta operación. Inténtalo de nuevo en unos minutos.';

/** A full disk needs a person to free space: a longer wait than a database restart's. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 30;

/**
 * The database's disk is full (SQLITE_FULL and its I/O errors, PostgreSQL's 53100): the write
 * was rolled back whole, what was committed before stays, and it may work once there is room.
 * 503, like the database being away, with its own message: "try again in a few seconds" would
 * not be true.
 */
export function databaseDiskFull(cause: unknown): AppError {
  return serviceUnavailable(DISK_FULL_RETRY_AFTER_SECONDS, { message: DISCO_LLENO_MENSAJE, cause });
}

/** Client mistakes Fastify catches before a route runs, each with a Spanish text. */
function fromFrameworkError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDACION', 'El cuerpo de la petición no es un JSON válido');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('DEMASIADO_GRANDE');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return new AppError('ARCHIVO_GRANDE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDACION', 'El tipo de contenido de la petición no es válido');
  }
  // PostgreSQL refuses NUL and invalid characters in text; that is bad input, not a fault.
  if (error.code === '22021' || error.code === '22P05') {
    return new AppError('VALIDACION', 'El texto contiene caracteres no permitidos');
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 429) return new AppError('DEMASIADOS_INTENTOS');
    if (error.statusCode === 413) return new AppError('DEMASIADO_GRANDE');
    return new AppError('VALIDACION');
  }
  return undefined;
}

/** The one place that turns errors into answers; never leaks a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError, request, reply) => {
    let error: AppError | undefined;
    if (rawError instanceof AppError) {
      error = rawError;
    } else if (hasZodFastifySchemaValidationErrors(rawError)) {
      const errors = rawError.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? errorCatalog.VALIDACION.message,
      }));
      error = new AppError('VALIDACION', errors[0]?.message, { errors });
    } else {
      error =
        fromFrameworkError(rawError) ??
        (isDiskFull(rawError) ? databaseDiskFull(rawError) : undefined) ??
        (isDatabaseUnavailable(rawError) ? databaseUnavailable(rawError) : undefined);
    }
    if (!error) {
      request.log.error({ err: rawError }, 'error no controlado');
      error = new AppError('ERROR_INTERNO');
    } else if (error.code === 'SERVICIO_NO_DISPONIBLE' && error.cause !== undefined) {
      // One short line per refused request: an outage answers many, and the stack says nothing.
      const { code, message } = error.cause as { code?: unknown; message?: unknown };
      request.log.warn({ code: error.code, causa: { code, message } }, error.message);
    } else if (error.status >= 500) {
      request.log.warn({ code: error.code }, error.message);
    }
    if (error.headers) void reply.headers(error.headers);
    return reply.status(error.status).send(bodyOf(error));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(
        bodyOf(
          new AppError(
            'NO_ENCONTRADO',
            `No existe la ruta ${request.method} ${request.url.split('?')[0]}`,
          ),
        ),
      );
  });
}
