// Services beyond SPEC §7's core: the identity and payment hand-offs and staff review (issue 5) plug in here.
import type { FastifyPluginAsync } from 'fastify';

export const extraServices = (): [FastifyPluginAsync, string][] => [];
