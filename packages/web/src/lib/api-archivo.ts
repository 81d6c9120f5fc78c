import { clearSession, getToken } from './session-store';
import { ApiError, codigoDeRespuesta, SIN_CONEXION } from './api-client';

/**
 * An authenticated GET of an answer that is not JSON (the sales CSV, a ticket's ESC/POS bytes),
 * for the caller to read as it needs: the session's bearer token as lib/api.ts sends it, a
 * refusal as ApiError with the server's code and message (`fallo` when its body has none), and
 * a 401 with a token clears the session, as the JSON client does. Kept out of lib/api.ts so the
 * pages that never download a file don't carry it.
 */
export async function fetchArchivo(
  path: string,
  options: { accept?: string; fallo: string },
): Promise<Response> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: {
        ...(options.accept ? { accept: options.accept } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'SIN_CONEXION', SIN_CONEXION);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: string };
    if (response.status === 401 && token) clearSession();
    throw new ApiError(
      response.status,
      codigoDeRespuesta(body.code),
      body.message ?? options.fallo,
    );
  }
  return response;
}
