import { mkdirSync } from 'node:fs';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { VIDEO_MAX_BYTES } from '@sokoni/contracts/community-rules';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_ROUTES, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { callerOf } from '../../lib/auth-guard.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import type { UploadsService } from './uploads.service.js';

const UploadResponse = z.object({ publicUrl: z.string(), thumbnailUrl: z.string() });

export const uploadsRoutes: FastifyPluginAsyncZod<{ root: string; uploads: UploadsService }> = async (
  app,
  { root, uploads },
) => {
  mkdirSync(root, { recursive: true });
  // Names are random and never reused, so stored files are cached for a year.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });
  app.get('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
    reply.sendFile((request.params as { '*': string })['*']),
  );

  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 4, fieldSize: 200, parts: 6, fileSize: IMAGE_MAX_BYTES },
  });

  /**
   * Whatever went wrong reading a multipart body was the sender's doing: a file over the limit, a
   * body that is not multipart, or one that is malformed or cut short (busboy's own errors carry no
   * status). Each is a 4xx with a message, never a 500.
   */
  function uploadError(error: unknown, filename: string | undefined): unknown {
    if (error instanceof AppError) return error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      return payloadTooLarge(UPLOAD_MESSAGES.tooLarge(filename ?? 'file'), 'FILE_TOO_LARGE');
    }
    if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError) {
      return unsupportedMediaType(UPLOAD_MESSAGES.notMultipart, 'NOT_MULTIPART');
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return error;
    return badRequest(UPLOAD_MESSAGES.unreadableUpload, 'UNREADABLE_UPLOAD');
  }

  /** The file part of the request, read up to `limit` bytes and no further (busboy cuts the stream there). */
  async function readFile(
    request: FastifyRequest,
    limit: number,
  ): Promise<{ filename: string; bytes: Buffer; folder?: string }> {
    let part: MultipartFile | undefined;
    let bytes: Buffer;
    try {
      part = await request.file({ limits: { fileSize: limit } });
      if (!part) throw badRequest(UPLOAD_MESSAGES.noFile, 'NO_FILE');
      bytes = await part.toBuffer();
    } catch (error) {
      throw uploadError(error, part?.filename);
    }
    const folder = part.fields.folder;
    return {
      filename: part.filename,
      bytes,
      folder: folder && 'value' in folder ? String(folder.value) : undefined,
    };
  }

  for (const [route, folder] of Object.entries(IMAGE_UPLOAD_ROUTES)) {
    app.post(
      `/uploads/${route}`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['uploads'],
          summary: `Upload an image (JPEG, PNG or WebP, at most 5 MB) into ${folder}`,
          consumes: ['multipart/form-data'],
          response: {
            201: UploadResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            507: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const owner = callerOf(request);
        const file = await readFile(request, IMAGE_MAX_BYTES);
        if (file.folder !== undefined && file.folder !== folder)
          throw badRequest(UPLOAD_MESSAGES.wrongFolder, 'WRONG_FOLDER');
        return reply.code(201).send(await uploads.storeImage(owner, folder, file));
      },
    );
  }

  app.post(
    '/uploads/community-video',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a video (MP4 or WebM, at most 25 MB) for a thread or a reply',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ publicUrl: z.string() }),
          400: ErrorResponse,
          401: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          507: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const owner = callerOf(request);
      return reply.code(201).send(await uploads.storeVideo(owner, await readFile(request, VIDEO_MAX_BYTES)));
    },
  );
};
