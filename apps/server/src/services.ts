// The hand-offs that make an application real: identity (eKYC) and payment, each with its sandbox
// provider (mounted only when the configuration runs the sandbox), and staff review.
import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from './config.ts';
import { ekycPlugin } from './plugins/ekyc.ts';
import { paymentPlugin } from './plugins/payment.ts';
import { ghlAnswersPlugin } from './plugins/ghl-answers.ts';
import { staffPlugin } from './plugins/staff.ts';
import { ekycProviderPlugin } from './sandbox/ekyc-provider.ts';
import { ghlGatewayPlugin } from './sandbox/ghl-gateway.ts';
import { sandboxAssetsPlugin } from './sandbox/assets-plugin.ts';

const sandboxProviders: FastifyPluginAsync = async (app) => {
  await app.register(ekycProviderPlugin);
  await app.register(ghlGatewayPlugin);
  await app.register(sandboxAssetsPlugin);
};

export const extraServices = (config: Pick<ServerConfig, 'sandbox'>): [FastifyPluginAsync, string][] => [
  [ekycPlugin, '/ekyc'],
  [paymentPlugin, '/money'],
  [ghlAnswersPlugin, '/money/ghl'],
  [staffPlugin, '/staff'],
  ...(config.sandbox ? [[sandboxProviders, '/sandbox'] as [FastifyPluginAsync, string]] : []),
];
