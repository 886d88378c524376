// help: the legal documents as PDFs, and help images by position.
import type { FastifyPluginAsync } from 'fastify';
import { notFound, ok } from '../http/envelope.ts';
import { legalPdf } from './legal-pdf.ts';

export const helpPlugin: FastifyPluginAsync = async (app) => {
  app.get('/doc/:id/contentV2', { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 1_000_000 } } } } }, async (request, reply) => {
    const bytes = await legalPdf((request.params as { id: number }).id);
    if (!bytes) throw notFound('server.documentNotFound');
    reply.header('cache-control', 'public, max-age=3600').header('content-disposition', 'inline');
    return reply.type('application/pdf').send(Buffer.from(bytes));
  });

  // Guide pictures shown beside an upload field; the app ships them, so none are configured here.
  app.post('/position/images', async () => ok({ images: [] as string[] }));
};
