// The sandbox pages' stylesheet and script, served from this folder.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/envelope.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'assets');
const ASSETS: Record<string, string> = { 'sandbox.css': 'text/css; charset=utf-8', 'ekyc.js': 'text/javascript; charset=utf-8' };
const contents = new Map(Object.keys(ASSETS).map((name) => [name, readFileSync(join(dir, name))]));

export const sandboxAssetsPlugin: FastifyPluginAsync = async (app) => {
  app.get('/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = contents.get(name);
    if (!body) throw notFound();
    return reply.type(ASSETS[name]).header('cache-control', 'public, max-age=300').send(body);
  });
};
