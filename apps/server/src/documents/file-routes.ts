// file: uploads checked by content (file-type), stored through the storage adapter, served back only
// to their owner, with a watermark on images when asked.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UPLOAD_TYPES } from '@kh/engine';
import { newId } from '../db/ids.ts';
import { serialised } from '../db/serialised.ts';
import { files } from '../db/schema.ts';
import { AppError, CODES, badRequest, notFound, ok } from '../http/envelope.ts';
import { memberOf, requireMember } from '../http/session.ts';
import { safeRelativePath } from '../storage/file-storage.ts';
import { ImageTooLargeError, MAX_IMAGE_PIXELS, UnsupportedImageError, checkImagePixels, watermark } from './watermark.ts';

/** Extensions file-type reports for the accepted kinds (jpeg covers jpg). */
const ACCEPTED = new Set(UPLOAD_TYPES.map((t) => (t === 'jpeg' ? 'jpg' : t)));

export const filePlugin: FastifyPluginAsync = async (app) => {
  const { db, storage, config } = app.kh;
  app.addHook('preHandler', requireMember);
  /**
   * Uploads being received per applicant, in this process: its memory is what a slow upload holds,
   * so the bound is per instance. Checked before the body is read.
   */
  const receiving = new Map<string, number>();

  async function receive(request: FastifyRequest, folder: string) {
    const memberId = memberOf(request);
    const now = receiving.get(memberId) ?? 0;
    if (now >= config.http.uploadsAtOnce) throw new AppError(429, CODES.tooMany, 'server.uploadsAtOnce', { count: config.http.uploadsAtOnce });
    receiving.set(memberId, now + 1);
    try {
      return await receiveFile(request, folder, memberId);
    } finally {
      const left = (receiving.get(memberId) ?? 1) - 1;
      if (left > 0) receiving.set(memberId, left);
      else receiving.delete(memberId);
    }
  }

  async function receiveFile(request: FastifyRequest, folder: string, memberId: string) {
    if (!request.isMultipart()) throw badRequest('server.multipartRequired');
    const part = await request.file();
    if (!part) throw badRequest('server.fileMissing');
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw badRequest('server.fileMissing');
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !ACCEPTED.has(detected.ext)) throw new AppError(400, '400', 'validation.fileType', { types: UPLOAD_TYPES.join(', ') });
    // A picture that would decode to more pixels than a phone camera takes is refused from its header.
    if (detected.mime.startsWith('image/'))
      await checkImagePixels(bytes).catch((error: unknown) => {
        if (error instanceof ImageTooLargeError) throw new AppError(413, '400', 'server.imageTooLarge', { megapixels: MAX_IMAGE_PIXELS / 1_000_000 });
        throw error;
      });
    const id = newId();
    const relativePath = `${folder}/${memberId}/${id}.${detected.ext}`;
    const originalFilename = (part.filename || `upload.${detected.ext}`).replace(/[^\w.\- ]/g, '_').slice(0, 120);
    // The row first, marked not stored; then the object; then the mark. Whatever fails in between
    // leaves a row the sweep finds (documents/file-sweep.ts), never an object nobody knows of.
    // An applicant's uploads are bounded in number and in bytes (an evidence pack, a case's
    // documents hold them all): counted and written in one step per member, so uploads at once
    // cannot pass the bound together.
    await serialised(db, `uploads:${memberId}`, async (tx) => {
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(files)
        .where(and(eq(files.memberId, memberId), sql`split_part(${files.relativePath}, '/', 1) in ('uploads', 'finance')`));
      const { perApplicant, bytesPerApplicant } = config.uploads;
      if (held!.count >= perApplicant) throw new AppError(413, '400', 'server.uploadsTooMany', { count: perApplicant });
      if (Number(held!.bytes) + bytes.length > bytesPerApplicant) throw new AppError(413, '400', 'server.uploadsTooLarge', { megabytes: Math.round(bytesPerApplicant / 1_048_576) });
      await tx.insert(files).values({ id, memberId, relativePath, originalFilename, mime: detected.mime, size: bytes.length, storedAt: null });
    });
    try {
      await storage.put(relativePath, bytes);
    } catch (error) {
      await db.delete(files).where(eq(files.id, id)).catch(() => undefined);
      throw error;
    }
    await db.update(files).set({ storedAt: new Date() }).where(eq(files.id, id));
    return ok({ filename: `${id}.${detected.ext}`, filepath: relativePath, originalFilename, mime: detected.mime, size: bytes.length });
  }

  app.post('/upload', (request) => receive(request, 'uploads'));
  app.post('/finance-file/upload', (request) => receive(request, 'finance'));

  /** The watermarked preview, made once per file and kept beside it (a file never changes). */
  async function watermarkedPreview(relativePath: string): Promise<Buffer> {
    const cached = `previews/${relativePath}.jpg`;
    const kept = await storage.get(cached).catch(() => undefined);
    if (kept) return kept;
    try {
      const preview = await watermark(await storage.get(relativePath));
      await storage.put(cached, preview);
      return preview;
    } catch (error) {
      // Never serve an image unmarked when a watermark was asked for.
      if (error instanceof UnsupportedImageError || error instanceof ImageTooLargeError) throw new AppError(415, '400', 'server.watermarkUnsupported');
      throw error;
    }
  }

  /** The member's own stored file: another member's path answers as if it did not exist. */
  async function ownedFile(request: FastifyRequest, relativePath: string) {
    const safe = safeRelativePath(relativePath);
    if (!safe || safe !== relativePath) throw badRequest('server.pathRefused');
    const [file] = await db.select().from(files).where(and(eq(files.relativePath, safe), eq(files.memberId, memberOf(request)), isNotNull(files.storedAt)));
    if (!file) throw notFound('server.fileNotFound');
    return file;
  }
  const pathQuery = { relativePath: { type: 'string', maxLength: 300 }, language: { type: 'string' } } as const;

  // What a saved upload was, so a page that shows it again can name it as the applicant did.
  app.get('/info', { schema: { querystring: { type: 'object', required: ['relativePath'], properties: pathQuery } } }, async (request) => {
    const file = await ownedFile(request, (request.query as { relativePath: string }).relativePath);
    return ok({ filepath: file.relativePath, originalFilename: file.originalFilename, mime: file.mime, size: file.size });
  });

  app.get(
    '/preview',
    { schema: { querystring: { type: 'object', required: ['relativePath'], properties: { ...pathQuery, waterMark: { type: 'string', maxLength: 5 } } } } },
    async (request, reply) => {
      const { relativePath, waterMark } = request.query as { relativePath: string; waterMark?: string };
      const file = await ownedFile(request, relativePath);
      let bytes: Buffer;
      let mime = file.mime;
      if (waterMark === 'true' && mime.startsWith('image/')) {
        bytes = await watermarkedPreview(file.relativePath);
        mime = 'image/jpeg';
      } else bytes = await storage.get(file.relativePath);
      reply.header('cache-control', 'private, no-store').header('content-disposition', `inline; filename="${file.originalFilename.replace(/"/g, '')}"`);
      return reply.type(mime).send(bytes);
    },
  );
};
