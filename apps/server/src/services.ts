// The hand-offs that make an application real: identity (eKYC) and payment, each with its sandbox
// provider (mounted only when the configuration runs the sandbox), and staff review.
import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from './config.ts';
import { ekycPlugin } from './identity/ekyc-routes.ts';
import { paymentPlugin } from './payment/payment-routes.ts';
import { ghlAnswersPlugin } from './payment/ghl-answers-routes.ts';
import { staffPlugin } from './staff/staff-routes.ts';
import { ekycProviderPlugin } from './identity/sandbox-provider.ts';
import { ghlGatewayPlugin } from './payment/sandbox-gateway.ts';
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
