import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { AuthGuards } from '../../http/auth.js';
import { MAX_IMAGE_BYTES, storeUploadedImage } from './image.service.js';
import type { ImageStorage } from './image.storage.js';

/**
 * The one file of field `files`. A broken multipart body (cut short, no boundary) is the
 * client's mistake: 400, not a fault. Past 5 MB, FST_REQ_FILE_TOO_LARGE maps to ARCHIVO_GRANDE.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'files') {
      throw new AppError('VALIDACION', 'Falta la imagen en el campo files');
    }
    return await file.toBuffer();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    throw new AppError('VALIDACION', 'La imagen no se pudo leer: el envío llegó incompleto');
  }
}

export function registerImageRoutes(
  app: FastifyInstance,
  deps: { guards: AuthGuards; storage: ImageStorage },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ImageStorage/uploadImage',
    {
      schema: {
        tags: ['imagenes'],
        summary: 'Sube una imagen JPG o PNG (campo multipart "files", máximo 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ path: z.string() }) },
      },
      preValidation: deps.guards.requireRole('TIENDA'),
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'VALIDACION',
          'Envía la imagen como multipart/form-data en el campo files',
        );
      }
      const data = await readUpload(request);
      return { path: await storeUploadedImage(deps.storage, data) };
    },
  );
}
