import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { VIDEO_MAX_BYTES } from '@sokoni/contracts/community-rules';
import { CourseMediaQuery } from '@sokoni/contracts/courses';
import {
  COURSE_PDF_MAX_BYTES,
  COURSE_VIDEO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_UPLOAD_ROUTES,
  UPLOAD_MESSAGES,
  imageAddressOfThumbnail,
} from '@sokoni/contracts/uploads';
import { callerOf } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import {
  AppError,
  badRequest,
  forbidden,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../lib/errors.js';
import { COURSE_MEDIA_URL_PREFIX, type CourseMediaLinks } from './course-media-links.js';
import { PUBLIC_UPLOADS_PATH, type FileStore, type TemporaryFile } from './file-store.js';
import { rangeNotSatisfiable, sendStoredFile } from './stored-file-reply.js';
import type { ReceivedUpload, Reservation, UploadsService } from './uploads.service.js';

const UploadResponse = z.object({ publicUrl: z.string() });
const ImageUploadResponse = UploadResponse.extend({ thumbnailUrl: z.string() });
const UPLOAD_ERRORS = {
  400: ErrorResponse,
  401: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
  507: ErrorResponse,
};
const mediaFile = (description: string) => ({
  description,
  content: Object.fromEntries(
    ['video/mp4', 'video/webm', 'application/pdf'].map((type) => [type, { schema: z.instanceof(Readable) }]),
  ),
});
/** A lesson file's name as allocated: checked before anything touches the disk. */
const COURSE_MEDIA_FILE = /^[a-f0-9]{32}\.(mp4|webm|pdf)$/;
/** Names are random and never reused, so stored files are cached for a year. */
const PUBLIC_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Anything uploaded is shown as what it is, never run: no sniffing, and a sandbox around it. */
const PUBLIC_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

export const uploadsRoutes: FastifyPluginAsyncZod<{
  files: FileStore;
  links: CourseMediaLinks;
  clock: Clock;
  uploads: UploadsService;
}> = async (app, { files, links, clock, uploads }) => {
  const disk = files.directories;
  if (disk) {
    mkdirSync(disk.uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: disk.uploads,
      serve: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: PUBLIC_MAX_AGE_SECONDS * 1000,
      setHeaders(reply) {
        for (const [name, value] of Object.entries(PUBLIC_FILE_HEADERS)) reply.header(name, value);
      },
    });
  }
  const publicFileHeaders = {
    ...PUBLIC_FILE_HEADERS,
    'cache-control': `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, immutable`,
  };
  app.get('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const url = `${PUBLIC_UPLOADS_PATH}/${path}`;
    const image = imageAddressOfThumbnail(url);
    if (disk) {
      if (!image || (await files.stat(url))) return reply.sendFile(path);
      // A thumbnail address with no file: an image from before thumbnails were named after it, or a sample.
      const standIn = await uploads.thumbnailStandIn(image);
      return reply.sendFile(standIn.slice(PUBLIC_UPLOADS_PATH.length + 1));
    }
    // From a bucket the file is asked for first, and the stand-in only when it is not there.
    const sendFromBucket = (address: string) =>
      sendStoredFile(files, request, reply, address, publicFileHeaders);
    const sent =
      (await sendFromBucket(url)) ||
      (image !== null && (await sendFromBucket(await uploads.thumbnailStandIn(image))));
    return sent ? reply : reply.callNotFound();
  });

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

  /** The file part of the request, not read yet. */
  async function filePart(request: FastifyRequest, limit: number): Promise<MultipartFile> {
    let part: MultipartFile | undefined;
    try {
      part = await request.file({ limits: { fileSize: limit } });
    } catch (error) {
      throw uploadError(error, undefined);
    }
    if (!part) throw badRequest(UPLOAD_MESSAGES.noFile, 'NO_FILE');
    return part;
  }

  /** The file part of the request, read up to `limit` bytes and no further (busboy cuts the stream there). */
  async function readFile(
    request: FastifyRequest,
    limit: number,
  ): Promise<{ filename: string; bytes: Buffer; folder?: string }> {
    const part = await filePart(request, limit);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw uploadError(error, part.filename);
    }
    const folder = part.fields.folder;
    return {
      filename: part.filename,
      bytes,
      folder: folder && 'value' in folder ? String(folder.value) : undefined,
    };
  }

  /**
   * A large file part streamed onto the disk as it arrives, up to `limit` bytes, then handed to
   * `store`; the received file is removed afterwards unless `store` kept it. Room for it is reserved
   * first, before the body is read: as much as the request says it carries (a file part is smaller
   * than its body), or `limit` when it does not say; what is not kept is given back.
   */
  async function receiveFile(
    request: FastifyRequest,
    limit: number,
    store: (reservation: Reservation, upload: ReceivedUpload) => Promise<{ publicUrl: string }>,
  ): Promise<{ publicUrl: string }> {
    const declared = Number(request.headers['content-length']);
    const reserved = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, limit) : limit;
    const reservation = await uploads.reserveLessonFile(callerOf(request), reserved);
    try {
      const part = await filePart(request, limit);
      let file: TemporaryFile;
      try {
        file = await uploads.receive(part.file);
      } catch (error) {
        throw uploadError(error, part.filename);
      }
      try {
        // Busboy stops writing at the limit and ends the stream quietly: a cut file is never kept.
        if (part.file.truncated) {
          throw payloadTooLarge(UPLOAD_MESSAGES.tooLarge(part.filename), 'FILE_TOO_LARGE');
        }
        return await store(reservation, { filename: part.filename, file });
      } finally {
        await uploads.discard(file);
      }
    } finally {
      await uploads.release(reservation);
    }
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
          response: { 201: ImageUploadResponse, ...UPLOAD_ERRORS },
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
        response: { 201: UploadResponse, ...UPLOAD_ERRORS },
      },
    },
    async (request, reply) => {
      const owner = callerOf(request);
      return reply.code(201).send(await uploads.storeVideo(owner, await readFile(request, VIDEO_MAX_BYTES)));
    },
  );

  const lessonFiles: Array<{
    route: string;
    summary: string;
    limit: number;
    store: (reservation: Reservation, upload: ReceivedUpload) => Promise<{ publicUrl: string }>;
  }> = [
    {
      route: '/uploads/course-video',
      summary: "Upload a lesson's video (MP4 or WebM, at most 200 MB); it is private to the course",
      limit: COURSE_VIDEO_MAX_BYTES,
      store: (reservation, upload) => uploads.storeCourseVideo(reservation, upload),
    },
    {
      route: '/uploads/course-pdf',
      summary: "Upload a lesson's PDF (at most 20 MB); it is private to the course",
      limit: COURSE_PDF_MAX_BYTES,
      store: (reservation, upload) => uploads.storeCoursePdf(reservation, upload),
    },
  ];
  for (const { route, summary, limit, store } of lessonFiles) {
    app.post(
      route,
      {
        config: { access: 'user' },
        schema: {
          tags: ['uploads'],
          summary,
          description:
            'Answers `/api/course-media/<name>`, served only with a signed link (GET /course-media/{file}).',
          consumes: ['multipart/form-data'],
          response: { 201: UploadResponse, ...UPLOAD_ERRORS },
        },
      },
      async (request, reply) => reply.code(201).send(await receiveFile(request, limit, store)),
    );
  }

  app.get(
    '/course-media/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['uploads'],
        summary: "A lesson's video or PDF, by the signed link the course answered",
        description:
          'Answers HTTP range requests (206), so a phone seeks in a video without downloading it; ' +
          'cached privately until the link expires.',
        params: z.object({ file: z.string().max(100) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(200).optional(),
        }),
        response: {
          200: mediaFile('The whole file'),
          206: mediaFile('The range asked for (Range: bytes=…)'),
          304: mediaFile('Nothing: the copy the browser has is current'),
          403: ErrorResponse,
          404: ErrorResponse,
          416: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!COURSE_MEDIA_FILE.test(file)) throw notFound(UPLOAD_MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND');
      const link = CourseMediaQuery.safeParse(request.query);
      if (!link.success || !links.verify(file, link.data.expires, link.data.signature)) {
        throw forbidden(UPLOAD_MESSAGES.mediaLinkInvalid, 'MEDIA_LINK_INVALID');
      }
      // Whoever holds the link may keep the file until it expires; shared caches may not.
      const secondsLeft = Math.max(0, link.data.expires - Math.floor(clock.now() / 1000));
      const cacheControl = `private, max-age=${secondsLeft}`;
      if (!disk) {
        const url = `${COURSE_MEDIA_URL_PREFIX}${file}`;
        if (!(await sendStoredFile(files, request, reply, url, { 'cache-control': cacheControl }))) {
          throw notFound(UPLOAD_MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND');
        }
        return reply;
      }
      const found = await send(request.raw, `/${file}`, {
        root: disk.courseMedia,
        cacheControl: false,
        dotfiles: 'deny',
        index: false,
      });
      if (found.type !== 'file') {
        if (found.statusCode === 416) throw rangeNotSatisfiable(reply, found.headers['Content-Range']);
        throw notFound(UPLOAD_MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND');
      }
      return reply
        .code(found.statusCode as 200 | 206 | 304)
        .headers(found.headers)
        .header('cache-control', cacheControl)
        .send(found.stream);
    },
  );
};
