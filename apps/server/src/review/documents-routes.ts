// A case's documents for staff: ID images, the face, uploads and the signed application, each
// stamped with the viewer's name and the time (a leaked copy names its source) and each view
// written to the audit. The reference names the document within the case only: another case's
// file answers as unknown.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ekycChecks, files } from '../db/schema.ts';
import { AppError, CODES, notFound } from '../http/envelope.ts';
import { applicationPdf } from '../documents/index.ts';
import { loadCase } from './cases.ts';
import { auditCase } from '../audit/index.ts';
import { watermarkPdf } from '../documents/index.ts';
import { staffMemberOf } from '../staff/index.ts';
import { ImageTooLargeError, UnsupportedImageError, watermark } from '../documents/index.ts';
import { STATUS, type Application } from '../applications/index.ts';
import { evidencePack } from './evidence-pack.ts';

type Found = { bytes: Buffer | Uint8Array; mime: string; name: string };

export const staffDocumentsPlugin: FastifyPluginAsync = async (app) => {
  const { db, storage } = app.kh;

  async function find(application: Application, ref: string): Promise<Found> {
    const [kind, id, side] = ref.split(':');
    if (kind === 'file' && id) {
      const [file] = await db.select().from(files).where(and(eq(files.id, id), eq(files.memberId, application.memberId)));
      if (file) return { bytes: await storage.get(file.relativePath), mime: file.mime, name: file.originalFilename };
    }
    if (kind === 'ekyc' && id) {
      const [check] = await db.select().from(ekycChecks).where(and(eq(ekycChecks.id, id), eq(ekycChecks.applicationId, application.id)));
      const path = side === 'front' ? check?.frontImgPath : side === 'back' ? check?.backImgPath : side === 'selfie' ? check?.selfieImgPath : undefined;
      if (path) return { bytes: await storage.get(path), mime: 'image/jpeg', name: `${side}.jpg` };
    }
    if (kind === 'application-pdf' && application.submittedAt) return { bytes: await applicationPdf(app.kh, application), mime: 'application/pdf', name: 'application.pdf' };
    throw notFound('server.documentUnknown');
  }

  app.get(
    '/applications/:id/documents/:ref',
    { config: { staffAccess: 'cases.read' }, schema: { params: { type: 'object', required: ['id', 'ref'], properties: { id: { type: 'string', maxLength: 64 }, ref: { type: 'string', maxLength: 120 } } } } },
    async (request, reply) => {
      const { id, ref } = request.params as { id: string; ref: string };
      const application = await loadCase(db, id);
      const document = await find(application, ref);
      const viewer = staffMemberOf(request);
      const stamp = `${viewer.name} <${viewer.email}> ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      let body: Buffer | Uint8Array;
      let mime = document.mime;
      try {
        if (mime === 'application/pdf') body = await watermarkPdf(document.bytes, `Viewed by ${stamp} - for account opening only`);
        else if (mime.startsWith('image/')) {
          body = await watermark(Buffer.from(document.bytes), stamp);
          mime = 'image/jpeg';
        } else throw new UnsupportedImageError(mime);
      } catch (error) {
        // Never shown unmarked: a document the stamp cannot go on is refused, not served bare.
        if (error instanceof UnsupportedImageError || error instanceof ImageTooLargeError) throw new AppError(415, '400', 'server.watermarkUnsupported');
        throw error;
      }
      await auditCase(request, 'documentView', application, application, { ref, name: document.name });
      reply.header('cache-control', 'private, no-store').header('content-disposition', `inline; filename="${document.name.replace(/[^\w.\- ]/g, '_')}"`);
      return reply.type(mime).send(Buffer.from(body));
    },
  );

  // A decided case's evidence pack (see evidence-pack.ts), for an examiner. Producing one is audited
  // with the SHA-256 of the ZIP and of its manifest, so the copy handed over can be named later.
  app.get(
    '/applications/:id/evidence-pack',
    { config: { staffAccess: 'cases.evidence' }, schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const application = await loadCase(db, (request.params as { id: string }).id);
      if (application.status !== STATUS.success && application.status !== STATUS.fail) throw new AppError(409, CODES.badState, 'server.evidenceOnlyDecided');
      const me = staffMemberOf(request);
      // Streamed: audited with the ZIP's and the manifest's SHA-256 before its last bytes go.
      const pack = evidencePack(app.kh, application, { id: me.id, name: me.name }, async ({ manifest, sha256, manifestSha256 }) => {
        await auditCase(request, 'evidencePack', application, application, { sha256, manifestSha256, files: manifest.files.length });
      });
      pack.on('error', (error) => request.log.warn({ err: error, applicationId: application.id }, 'the evidence pack could not be made'));
      reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="evidence-${application.id}.zip"`);
      return reply.type('application/zip').send(pack);
    },
  );
};
