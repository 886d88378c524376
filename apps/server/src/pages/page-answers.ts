// The answers a logged-in page is served with (@kh/api page-answers.ts): the server asks its own API,
// as the applicant (their cookie), what the app's boot will ask on opening this step: the first round,
// then the second for the account's own application, and the version of the step the page draws.
// A reload mid-flow then paints its step from the page alone, where it waited on three rounds of
// requests (2.6 s on a slow phone network). Only successful answers go in; anything else the app asks
// itself, as before. Nothing waits longer than ANSWERS_WAIT_MS: a slow database sends the page without.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOT_STEPS, bootRequests, createEndpoints, givenAnswerKey, isSuccessEnvelope, paymentTypeQuery, recordingClient, type Envelope, type KhInfoDto, type WireRequest } from '@kh/api';

/** How long the page waits for its answers before it goes without them. */
export const ANSWERS_WAIT_MS = 400;

/** The requests `ask` makes through the app's own endpoints, as the app would send them. */
function requestsOf(language: string, ask: (requests: ReturnType<typeof bootRequests>, endpoints: ReturnType<typeof createEndpoints>) => void): WireRequest[] {
  const listed: WireRequest[] = [];
  const endpoints = createEndpoints(recordingClient({ prefix: '/api', language }, (request) => listed.push(request)));
  ask(bootRequests(endpoints), endpoints);
  return listed;
}

/** Each request answered by the API as it would answer the page's own: key → data, successes only. */
async function answer(app: FastifyInstance, page: FastifyRequest, requests: WireRequest[]): Promise<Map<string, unknown>> {
  const answers = await Promise.all(
    requests.map(async (request) => {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: {
          cookie: page.headers.cookie ?? '',
          host: page.headers.host ?? 'localhost',
          ...(page.headers['user-agent'] ? { 'user-agent': page.headers['user-agent'] } : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      if (response.statusCode !== 200) return undefined;
      const envelope = response.json<Envelope>();
      return isSuccessEnvelope(envelope) ? ([givenAnswerKey(request), envelope.data] as const) : undefined;
    }),
  );
  return new Map(answers.filter((entry) => entry !== undefined));
}

async function bootAnswers(app: FastifyInstance, page: FastifyRequest, language: string, step: { name: string; form?: boolean }): Promise<Record<string, unknown>> {
  const first = requestsOf(language, (boot) => (boot.check(), boot.supplementCheck(), boot.appCommons(), boot.user()));
  const answers = await answer(app, page, first);
  const record = answers.get(givenAnswerKey(first[0]!)) as KhInfoDto | undefined;
  const applyId = record?.applyId;
  if (applyId) {
    const second = requestsOf(language, (boot, endpoints) => {
      boot.ekycStatus(applyId);
      boot.paymentType(paymentTypeQuery(record, applyId, 'INIT'));
      for (const [, fillStep] of BOOT_STEPS) boot.stepData({ fillStep, relatedType: 'INIT', applyId });
      if (step.form) endpoints.schema.step(step.name, { relatedType: 'INIT', applyId });
    });
    for (const [key, data] of await answer(app, page, second)) answers.set(key, data);
  }
  return Object.fromEntries(answers);
}

/** The answers for this page, or none when they are not all in within ANSWERS_WAIT_MS or asking failed. */
export async function answersForPage(app: FastifyInstance, page: FastifyRequest, language: string, step: { name: string; form?: boolean }): Promise<Record<string, unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Record<string, unknown>>((resolve) => (timer = setTimeout(() => resolve({}), ANSWERS_WAIT_MS)));
  try {
    return await Promise.race([
      bootAnswers(app, page, language, step).catch((error: unknown) => {
        page.log.warn({ err: error }, 'answers for the page not asked: the page asks itself');
        return {};
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
