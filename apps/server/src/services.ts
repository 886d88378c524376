// The hand-offs that make an application real: identity (eKYC) and payment, each with its sandbox
// provider (mounted only when the configuration runs the sandbox), and staff review.
import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from './config.ts';
import { ekycPlugin } from './identity/index.ts';
import { paymentPlugin } from './payment/index.ts';
import { ghlAnswersPlugin } from './payment/index.ts';
import { staffPlugin } from './staff/index.ts';
import { ekycProviderPlugin } from './identity/index.ts';
import { ghlGatewayPlugin } from './payment/index.ts';
import { sandboxAssetsPlugin } from './sandbox/assets-plugin.ts';
import { staffCasesPlugin } from './review/index.ts';
import { staffDecisionsPlugin } from './review/index.ts';
import { staffDocumentsPlugin } from './review/index.ts';
import { riskRulesPlugin, screeningDecisionsPlugin } from './review/index.ts';
import { staffAuditPlugin } from './audit/index.ts';
import { staffStudioPlugin } from './studio/index.ts';
import { screeningListsPlugin } from './screening/index.ts';

const sandboxProviders: FastifyPluginAsync = async (app) => {
  await app.register(ekycProviderPlugin);
  await app.register(ghlGatewayPlugin);
  await app.register(sandboxAssetsPlugin);
};

/** Behind the staff sign-in, in this order: review's cases, decisions and documents, the audit search, the studio. */
const staffAreas: FastifyPluginAsync = async (app) => {
  await app.register(staffPlugin, { areas: [staffCasesPlugin, staffDecisionsPlugin, staffDocumentsPlugin, screeningDecisionsPlugin, riskRulesPlugin, staffAuditPlugin, screeningListsPlugin, staffStudioPlugin] });
};

export const extraServices = (config: Pick<ServerConfig, 'sandbox'>): [FastifyPluginAsync, string][] => [
  [ekycPlugin, '/ekyc'],
  [paymentPlugin, '/money'],
  [ghlAnswersPlugin, '/money/ghl'],
  [staffAreas, '/staff'],
  ...(config.sandbox ? [[sandboxProviders, '/sandbox'] as [FastifyPluginAsync, string]] : []),
];
