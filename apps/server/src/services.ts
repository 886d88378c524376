// The hand-offs that make an application real: identity (eKYC) and payment, each with its sandbox
// provider, and staff review.
import type { FastifyPluginAsync } from 'fastify';
import { ekycPlugin } from './plugins/ekyc.ts';
import { paymentPlugin } from './plugins/payment.ts';
import { staffPlugin } from './plugins/staff.ts';
import { ekycProviderPlugin } from './sandbox/ekyc-provider.ts';
import { ghlGatewayPlugin } from './sandbox/ghl-gateway.ts';
import { sandboxAssetsPlugin } from './sandbox/assets-plugin.ts';

export const extraServices = (): [FastifyPluginAsync, string][] => [
  [ekycPlugin, '/ekyc'],
  [paymentPlugin, '/money'],
  [staffPlugin, '/staff'],
  [async (app) => {
    await app.register(ekycProviderPlugin);
    await app.register(ghlGatewayPlugin);
    await app.register(sandboxAssetsPlugin);
  }, '/sandbox'],
];
