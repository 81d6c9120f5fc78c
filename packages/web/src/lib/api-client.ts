import type { CodigoError } from '@tianguis/domain';

/**
 * The codes the client makes itself: no answer reached it (SIN_CONEXION), an answer that is not
 * JSON (RESPUESTA_INVALIDA), or a refusal without one of the API's codes (ERROR).
 */
export type CodigoErrorCliente = 'SIN_CONEXION' | 'RESPUESTA_INVALIDA' | 'ERROR';

/** An ApiError's code: one of the API's (the domain's CODIGOS_ERROR) or the client's own. */
export type ApiErrorCode = CodigoError | CodigoErrorCliente;

/**
 * The code of a refusal's body: the code it carries, or ERROR when it carries none. The list of
 * the API's codes is a type only (checked when the app is compiled, so comparing with a code the
 * API doesn't have fails the typecheck); it is not shipped to the browser, where it would cost
 * the shop page half a kilobyte. A code only a newer server has passes through as it came and,
 * like ERROR, equals none of the codes the app compares with.
 */
export function codigoDeRespuesta(code: unknown): ApiErrorCode {
  return typeof code === 'string' && code !== '' ? (code as CodigoError) : 'ERROR';
}

/** An answer the API refused, with the Spanish text to show a person. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The refusal's whole JSON body, for fields beside code and message (PRECIO_CAMBIO's montoTotal). */
  readonly body: unknown;

  constructor(status: number, code: ApiErrorCode, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const SIN_CONEXION =
  'No hay conexión con el servidor. Revisa tu internet e inténtalo de nuevo.';
const RESPUESTA_INVALIDA = 'El servidor respondió algo inesperado. Inténtalo de nuevo.';

export interface ApiClientOptions {
  /** '' for the same origin that served the app. */
  baseUrl?: string;
  getToken?: () => string | undefined;
  /** Called on a 401 with a token: the session ended on the server (logout, password change). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the answer before its body is read, for a header such as X-Pedido-Id. */
  onResponse?: (response: Response) => void;
}

/** One small wrapper for every call: JSON in and out, the bearer token, errors as ApiError. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function request<T>(path: string, o: RequestOptions = {}): Promise<T> {
    const token = options.getToken?.();
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(baseUrl + path, {
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: o.signal,
      });
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') throw error;
      throw new ApiError(0, 'SIN_CONEXION', SIN_CONEXION);
    }
    o.onResponse?.(response);
    const text = await response.text();
    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(response.status, 'RESPUESTA_INVALIDA', RESPUESTA_INVALIDA);
    }
    if (!response.ok) {
      const body = (data ?? {}) as { code?: unknown; message?: unknown };
      if (response.status === 401 && token) options.onUnauthorized?.();
      throw new ApiError(
        response.status,
        codigoDeRespuesta(body.code),
        typeof body.message === 'string' ? body.message : RESPUESTA_INVALIDA,
        data,
      );
    }
    return data as T;
  };
}

export type ApiRequest = ReturnType<typeof createApiClient>;
