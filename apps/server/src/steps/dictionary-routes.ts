// dictionary: code-value categories in three languages, countries with dialing codes, app config.
import type { FastifyPluginAsync } from 'fastify';
import { resolveLanguage } from '@kh/i18n';
import { callingCodeOf, countries } from '@kh/engine';
import { badRequest, languageOf, ok } from '../http/envelope.ts';
import { dictionaries } from './steps.ts';

/** SPEC §9: dictionary cache 120 (seconds here). */
const CACHE = 'public, max-age=120';

export const dictionaryPlugin: FastifyPluginAsync = async (app) => {
  const { config } = app.kh;

  app.post('/dict/code-value/batch/queryList', async (request, reply) => {
    const raw = (request.body as { categories?: unknown } | undefined)?.categories;
    let categories: unknown = raw;
    if (typeof raw === 'string') {
      try {
        categories = JSON.parse(raw);
      } catch {
        categories = raw.split(',');
      }
    }
    if (!Array.isArray(categories) || categories.length === 0 || !categories.every((c) => typeof c === 'string')) throw badRequest('server.categoriesRequired');
    // Own keys only: "constructor" or "__proto__" name no dictionary.
    const unknown = categories.filter((c) => !Object.hasOwn(dictionaries, c));
    if (unknown.length > 0) throw badRequest('server.unknownCategory', { categories: unknown.join(', ') });
    const language = resolveLanguage(languageOf(request));
    reply.header('cache-control', CACHE);
    return ok(Object.fromEntries(categories.map((c) => [c, dictionaries[c].map((e) => ({ value: e.value, label: e.label[language] ?? e.label.en }))])));
  });

  app.get('/dict/countries/base', async (request, reply) => {
    const language = resolveLanguage(languageOf(request));
    const withTel = String((request.query as Record<string, unknown>).withTel) === 'true';
    reply.header('cache-control', CACHE);
    return ok(countries().map((c) => ({ code: c.value, alpha2: c.alpha2, name: c.label[language], ...(withTel ? { tel: callingCodeOf(c.alpha2) ?? null } : {}) })));
  });

  app.get('/dict/app-config/app/commons/multiple-value', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const { ctosValid, ghlValid, myCtosSpecialState } = config.appConfig;
    return ok({ h5Config: { kh: { ctosValid, ghlValid, myCtosSpecialState } }, servicePhone: config.service.phone, serviceEmail: config.service.email, processingDays: '1-3', feeAmount: 11 });
  });

  app.get('/dict/app-config/app/urls/multiple-value', async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(config.urls);
  });

  app.get('/region/info', async (request, reply) => {
    const language = resolveLanguage(languageOf(request));
    reply.header('cache-control', CACHE);
    return ok(dictionaries.State.map((s) => ({ code: String(s.value), name: s.label[language] })));
  });
};
