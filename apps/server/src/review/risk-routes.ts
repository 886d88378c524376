// The risk rules as the broker keeps them (schemas/risk/risk-rules.json): the facts they read, each
// factor's condition, points and label, the bands and the band that needs a second approval. Read
// only: they change by a reviewed change of the file, like the step schemas.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope.ts';

export const riskRulesPlugin: FastifyPluginAsync = async (app) => {
  app.get('/risk-rules', { config: { staffAccess: 'risk.read' } }, async () => ok(app.kh.riskRules));
};
