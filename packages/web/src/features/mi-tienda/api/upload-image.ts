import {
  ALLOWED_IMAGE_EXTENSIONS,
  archivoNoPermitidoMessage,
  isAllowedImageName,
} from '@tianguis/domain';
import { ApiError, codigoDeRespuesta } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/session-store';

export { ALLOWED_IMAGE_EXTENSIONS };

/**
 * Uploads one image (multipart field 'files') and answers its path ('/images/...'). The type is
 * checked before uploading ('Archivo no permitido: {filename}'); the server checks the content.
 */
export async function uploadImage(file: File): Promise<string> {
  if (!isAllowedImageName(file.name, file.type)) {
    throw new ApiError(415, 'ARCHIVO_NO_PERMITIDO', archivoNoPermitidoMessage(file.name));
  }
  const form = new FormData();
  form.append('files', file, file.name);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch('/api/ImageStorage/uploadImage', {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'SIN_CONEXION', 'No se pudo subir la imagen: revisa tu conexión.');
  }
  const body = (await response.json().catch(() => ({}))) as {
    path?: string;
    code?: string;
    message?: string;
  };
  // As every other call: a session the server no longer accepts ends here too.
  if (response.status === 401 && token) clearSession();
  if (!response.ok || typeof body.path !== 'string') {
    throw new ApiError(
      response.status,
      codigoDeRespuesta(body.code),
      body.message ?? 'No se pudo subir la imagen. Inténtalo de nuevo.',
    );
  }
  return body.path;
}
