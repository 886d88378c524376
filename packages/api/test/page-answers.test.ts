// The answers a page is served with: the server lists the boot's requests with the app's own
// endpoints (a recording client), and the app's client answers exactly those, once, from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_STEPS, PAGE_ANSWERS_ELEMENT, bootRequests, createApiClient, createEndpoints, givenAnswerKey, givenAnswers, pageAnswersElement, readPageAnswers, recordingClient, type WireRequest } from '../src/index.ts';
import { envelope, ok, startServer } from './server.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let asked: string[] = [];
beforeAll(async () => {
  const echo = (req: { method: string; url: URL }, res: Parameters<typeof envelope>[0]) => (asked.push(`${req.method} ${req.url.pathname}`), envelope(res, 200, ok({ from: 'server' })));
  server = await startServer({ '/api/kh/account/apply/fetch-data': echo, '/api/kh/account/apply/check': echo, '/api/ekyc/rest-api/ctos/fetch-ekyc-status': echo, '/api/kh/account/apply/queryPaymentType': echo });
});
afterAll(() => server.close());

/** What the server would list: the requests the boot makes, as a page in `language` sends them. */
function listed(language: string, ask: (boot: ReturnType<typeof bootRequests>) => void): WireRequest[] {
  const requests: WireRequest[] = [];
  ask(bootRequests(createEndpoints(recordingClient({ prefix: '/api', language }, (request) => requests.push(request)))));
  return requests;
}

describe('answers given with the page', () => {
  it('the server lists each boot request as the app sends it: method, URL with the language, body and its type', () => {
    const [check, ekyc, payment, data] = listed('zh-HK', (boot) => {
      boot.check();
      boot.ekycStatus('a1');
      boot.paymentType({ applyId: 'a1', relatedType: 'INIT', bankName: 'MBB' });
      boot.stepData({ fillStep: BOOT_STEPS[2][1], relatedType: 'INIT', applyId: 'a1' });
    });
    expect(check).toEqual({ method: 'POST', url: '/api/kh/account/apply/check?language=zh-HK', body: '{}', contentType: 'application/json' });
    expect(ekyc).toEqual({ method: 'POST', url: '/api/ekyc/rest-api/ctos/fetch-ekyc-status?language=zh-HK', body: 'relateType=INIT&relateId=a1', contentType: 'application/x-www-form-urlencoded' });
    expect(payment).toEqual({ method: 'GET', url: '/api/kh/account/apply/queryPaymentType?applyId=a1&relatedType=INIT&bankName=MBB&language=zh-HK' });
    expect(data!.body).toBe('{"fillStep":2003,"relatedType":"INIT","applyId":"a1"}');
  });

  it('a request is the same whatever order its query and body were written in, and differs by any value', () => {
    const key = (url: string, body: string) => givenAnswerKey({ method: 'POST', url, body, contentType: 'application/json' });
    expect(key('/a?x=1&language=en', '{"b":1,"a":"2"}')).toBe(key('/a?language=en&x=1', '{"a":"2","b":1}'));
    expect(key('/a?x=1&language=en', '{"a":"2"}')).not.toBe(key('/a?x=1&language=zh-HK', '{"a":"2"}'));
    expect(key('/a?x=1&language=en', '{"a":"2"}')).not.toBe(key('/a?x=1&language=en', '{"a":"3"}'));
    expect(givenAnswerKey({ method: 'POST', url: '/e', body: 'b=1&a=2', contentType: 'application/x-www-form-urlencoded' })).toBe(
      givenAnswerKey({ method: 'POST', url: '/e', body: 'a=2&b=1', contentType: 'application/x-www-form-urlencoded' }),
    );
  });

  it("the app's client answers the very requests given, once, and asks the server for anything else", async () => {
    asked = [];
    const [record, personal] = listed('en', (boot) => (boot.check(), boot.stepData({ fillStep: 2003, relatedType: 'INIT', applyId: 'a1' })));
    const given = givenAnswers({ [givenAnswerKey(record!)]: { applyId: 'a1', status: 1 }, [givenAnswerKey(personal!)]: { name: 'TAN' } });
    const api = createApiClient({ baseUrl: server.baseUrl, prefix: '/api', language: () => 'en', given });
    const boot = bootRequests(createEndpoints(api));
    // The app writes its body in another order than the server listed it: the same request.
    expect(await createEndpoints(api).apply.fetchData({ applyId: 'a1', relatedType: 'INIT', fillStep: 2003 })).toEqual({ name: 'TAN' });
    expect(await boot.check()).toEqual({ applyId: 'a1', status: 1 });
    expect(asked).toEqual([]);
    // Taken once: the second ask, and a request with other arguments, go to the server.
    expect(await boot.check()).toEqual({ from: 'server' });
    expect(await boot.stepData({ fillStep: 2000, relatedType: 'INIT', applyId: 'a1' })).toEqual({ from: 'server' });
    expect(asked).toEqual(['POST /api/kh/account/apply/check', 'POST /api/kh/account/apply/fetch-data']);
  });

  it('a page in another language is not answered from them; cleared, none is', async () => {
    asked = [];
    const [check] = listed('zh-CN', (boot) => boot.check());
    const [ekyc] = listed('en', (boot) => boot.ekycStatus('a1'));
    const given = givenAnswers({ [givenAnswerKey(check!)]: { status: 1 }, [givenAnswerKey(ekyc!)]: { isEkycSuccess: true } });
    const boot = bootRequests(createEndpoints(createApiClient({ baseUrl: server.baseUrl, prefix: '/api', language: () => 'en', given })));
    expect(await boot.check()).toEqual({ from: 'server' });
    given.clear();
    expect(await boot.ekycStatus('a1')).toEqual({ from: 'server' });
    expect(asked).toHaveLength(2);
  });

  it('the data block cannot be closed by an answer, and reads back as written', () => {
    const answers = { 'POST /x? {}': { address: '</script><script>alert(1)</script> <!-- Jalan 1' } };
    const element = pageAnswersElement(answers);
    expect(element.startsWith(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">`)).toBe(true);
    const inner = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    expect(inner).not.toContain('<');
    expect(readPageAnswers(inner)).toEqual(answers);
  });

  it('a data block that is not an object of answers gives none', () => {
    for (const text of [undefined, '', 'not json', '[1]', 'null', '"x"']) expect(readPageAnswers(text)).toEqual({});
  });
});
