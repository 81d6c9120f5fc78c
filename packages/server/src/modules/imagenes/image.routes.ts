import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { AuthGuards } from '../../http/auth.js';
import { MAX_IMAGE_BYTES, storeUploadedImage } from './image.service.js';
import type { ImageStorage } from './image.storage.js';

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
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'files') {
        throw new AppError('VALIDACION', 'Falta la imagen en el campo files');
      }
      // toBuffer() fails with FST_REQ_FILE_TOO_LARGE past the limit, mapped to ARCHIVO_GRANDE.
      const data = await file.toBuffer();
      return { path: await storeUploadedImage(deps.storage, data) };
    },
  );
}
