// The signed application as a PDF, once submitted: the applicant's own copy (GET …/apply/application-pdf).
import type { FastifyPluginAsync } from 'fastify';
import { AppError, CODES } from '../http/envelope.ts';
import { memberOf, requireMember } from '../http/session.ts';
import { ownedApplication } from '../applications/index.ts';
import { applicationPdf } from './application-pdf.ts';

const relatedType = { type: 'string', enum: ['INIT', 'SUPPLEMENT'] } as const;

export const applicationPdfPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.addHook('preHandler', requireMember);

  // The signed application, once submitted: the applicant's own copy.
  app.get(
    '/application-pdf',
    { schema: { querystring: { type: 'object', properties: { applyId: { type: 'string', maxLength: 64 }, relatedType } } } },
    async (request, reply) => {
      const query = request.query as { applyId?: string; relatedType?: 'INIT' | 'SUPPLEMENT' };
      const application = await ownedApplication(db, memberOf(request), query.relatedType ?? 'INIT', query.applyId);
      if (!application.submittedAt) throw new AppError(409, CODES.badState, 'server.notSubmittedYet');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="application-${application.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await applicationPdf(app.kh, application)));
    },
  );
};
