// A supervisor's decision on a screening hit (POST /staff/applications/:id/screening/:resultId/decide):
// cleared as a false match, or confirmed as the listed person, with a reason; audited on the case.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope.ts';
import { auditCase } from '../audit/index.ts';
import { decideHit } from '../screening/index.ts';
import { staffMemberOf } from '../staff/index.ts';
import { loadCase } from './cases.ts';

const id = { type: 'string', maxLength: 64 } as const;

export const screeningDecisionsPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.post(
    '/applications/:id/screening/:resultId/decide',
    {
      config: { staffAccess: 'screening.decide' },
      schema: {
        params: { type: 'object', required: ['id', 'resultId'], properties: { id, resultId: id } },
        body: { type: 'object', required: ['outcome', 'reason'], additionalProperties: false, properties: { outcome: { type: 'string', enum: ['cleared', 'confirmed'] }, reason: { type: 'string', minLength: 3, maxLength: 2000 } } },
      },
    },
    async (request) => {
      const { id: applicationId, resultId } = request.params as { id: string; resultId: string };
      const { outcome, reason } = request.body as { outcome: 'cleared' | 'confirmed'; reason: string };
      const application = await loadCase(db, applicationId);
      const decided = await decideHit(db, { applicationId: application.id, resultId, outcome, reason: reason.trim(), staffId: staffMemberOf(request).id });
      await auditCase(request, outcome === 'cleared' ? 'screeningCleared' : 'screeningConfirmed', application, application, { result: resultId, reason: reason.trim() });
      return ok({ id: decided.id, state: decided.state, decidedAt: decided.decidedAt, decisionReason: decided.decisionReason, deciderName: staffMemberOf(request).name });
    },
  );
};
