// An applicant as the app leaves them after the last form step: signed in, their identity verified,
// every form step answered (with their own values and files), not yet paid or submitted. The saves
// bench saves their steps again; the web's Lighthouse bench opens every step page as them.
// Run alone (`tsx bench/answered-applicant.ts <origin> <password>`), it prints the applicant's cookie.
import { pathToFileURL } from 'node:url';
import { answers, completeProviderPage, initBody, payloadOf, STEP_CODES, uploadedPath, type FormStep } from '../test/fixtures.ts';
import { client, type TestServer } from '../test/harness.ts';

/** The form steps in the order the app saves them. */
export const FORM_STEPS: FormStep[] = ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'documentUpload'];

/** Applicant `n` (their own mobile, NRIC and e-mail): their cookie and each step's save body. */
export async function answeredApplicant(baseUrl: string, n: number, password = 'bench'): Promise<{ cookie: string; bodies: Record<FormStep, string> }> {
  const c = client({ baseUrl } as TestServer);
  const mobile = `12${String(3000000 + n)}`;
  const login = await c.form('/passport/login', { mobile, countryCode: '60', password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const created = await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const applyId = created.body.data.applyId as string;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  const init = await c.form('/ekyc/rest-api/ctos/init', initBody(applyId, { documentNumber: String(data.identity.nricNumber), documentName: String(data.identity.documentName) }));
  await completeProviderPage(c, init.body.data.h5RedirectUrl, 'success', { idNo: String(data.identity.nricNumber), name: String(data.identity.documentName) });
  const bodies = Object.fromEntries(FORM_STEPS.map((step) => [step, JSON.stringify({ fillStep: STEP_CODES[step], relatedType: 'INIT', data: payloadOf(step, data[step] ?? {}) })])) as Record<FormStep, string>;
  for (const step of FORM_STEPS) {
    const saved = await c.request('POST', '/kh/account/apply/fill-data', { body: bodies[step], headers: { 'content-type': 'application/json' } });
    if (saved.status !== 200) throw new Error(`${step}: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  return { cookie: c.cookie, bodies };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const [origin, password] = process.argv.slice(2);
  if (!origin || !password) throw new Error('usage: tsx bench/answered-applicant.ts <origin> <password>');
  process.stdout.write(`${(await answeredApplicant(origin, 1, password)).cookie}\n`);
}
