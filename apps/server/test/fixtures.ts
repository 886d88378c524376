// Valid answers for every step, as the browser would send them (form data mapped by the engine).
import { Jimp } from 'jimp';
import { expect } from 'vitest';
import type { Client } from './harness.ts';
import { compileStep } from '../src/steps/steps.ts';

export const STEP_CODES = { contact: 2000, market: 2001, identity: 2002, personal: 2003, work: 2004, financial: 2005, investment: 2006, tax: 2007, declaration: 2008, agreement: 2009, signature: 2010, payment: 2011, documentUpload: 2012 } as const;
export type FormStep = keyof typeof STEP_CODES;

export async function pngBytes(width = 64, height = 48, color = 0x3366ccff): Promise<Buffer> {
  return Buffer.from(await new Jimp({ width, height, color }).getBuffer('image/png'));
}

export async function upload(c: Client, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return c.request('POST', '/pdp/upload', { body: form });
}

export async function uploadedPath(c: Client): Promise<string> {
  const res = await upload(c, await pngBytes());
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.filepath;
}

/** Form data per step for a Malaysian with a MyKad, unique by `n`. */
export function answers(n: number, files: { proof: string; statement: string; signature: string }, mobile: string): Record<FormStep, Record<string, unknown>> {
  const nric = `9001011${String(n).padStart(5, '0')}`;
  return {
    contact: { areaCode: '60', mobile, email: `applicant${n}@gmail.com`, username: `applicant${n}`, hasCdsAccount: false, agentChoice: 1, nationality: 'MYS' },
    market: { myMarket: true, myType: 0, hkMarket: true, usMarket: true, marginAcc: false },
    identity: { identityType: 106, documentName: 'TAN AH KOW', nricNumber: nric },
    personal: {
      documentName: 'TAN AH KOW', nationality: 'MYS', identityType: 106, nricNumber: nric, gender: 2, birthDate: '1990-01-01', maritalStatus: 1, race: 2, education: 4,
      regCountry: 'MYS', regPostcode: '50450', regState: '14', regTown: 'Kuala Lumpur', regLine1: 'No 12, Jalan Ampang', sameAsRegistered: true,
    },
    work: { employmentStatus: 1, industry: 9, occupation: 4, companyName: 'ACME SDN BHD', yearsOfService: '5', officePhone: '0321234567', annualIncome: 2, estimatedNetWorth: 1, incomeSource: ['1'], incomeProof: files.proof },
    financial: { totalNetWorth: 1, islamicBank: false, bankName: 'MBB', bankAccountNumber: '1234567890', bankStatement: files.statement, notJointAccount: true },
    investment: { investmentTerm: 2, riskTolerance: 2, objectives: ['1', '5'], experience: 2, hasOtherCds: false },
    tax: { birthCountry: 'MYS', birthCity: 'Kuala Lumpur', taxResidentOutside: false, feaStatement: 1 },
    declaration: { hasRelative: false, isPep: false, principalDeclaration: true, acceptDeclaration: true },
    agreement: { documents: ['1', '3', '4', '5', '6'], agreed: true },
    signature: { signature: files.signature },
    payment: {},
    documentUpload: { idFront: files.proof, idBack: files.statement },
  };
}

/** The payload the browser sends for form data (engine.toPayload). */
export const payloadOf = (step: FormStep, formData: Record<string, unknown>, context: Record<string, unknown> = { nationality: 'MYS', maritalStatus: 1 }) =>
  compileStep(step, context).toPayload(formData);

/** Saves a step's answers; `more` adds payload keys the build-time step does not have (a published version's). */
export const fill = (c: Client, step: FormStep, formData: Record<string, unknown>, extra: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
  c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES[step], relatedType: 'INIT', data: { ...payloadOf(step, formData), ...more }, ...extra });

export const initBody = (applyId: string, extra: Record<string, unknown> = {}) => ({
  relateType: 'INIT',
  relateId: applyId,
  responseUrl: '/iam/transit',
  documentName: 'Tan Ah Kow',
  idKind: 106,
  documentNumber: '900101145678',
  ...extra,
});

/** The provider page's form, filled as a person would: three photos, the OCR fields, an outcome. */
export async function completeProviderPage(c: Client, h5RedirectUrl: string, outcome = 'success', fields: Record<string, string> = {}) {
  const url = new URL(h5RedirectUrl);
  const pageRes = await c.get(`${url.pathname}`, { t: url.searchParams.get('t')! });
  expect(pageRes.status).toBe(200);
  const form = new FormData();
  for (const name of ['front', 'back', 'selfie']) form.append(name, new Blob([new Uint8Array(await pngBytes(80, 50))], { type: 'image/png' }), `${name}.png`);
  form.append('name', 'TAN AH KOW');
  form.append('idNo', '900101-14-5678');
  form.append('gender', 'F');
  form.append('birthDate', '1990-01-01');
  form.append('nationality', 'MYS');
  form.append('idAddress', '3A LORONG BATU LANCHANG 8 TAMAN SRI BATU LANCHANG 11600 JELUTONG PULAU PINANG');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('outcome', outcome);
  return c.request('POST', `${url.pathname}/complete`, { body: form, query: { t: url.searchParams.get('t')! } });
}

/** Verifies the identity, answers every step with `data`, pays the fee and submits: a case in the reviewers' queue. `read` is what the provider reads otherwise than typed. */
export async function submitAll(c: Client, applyId: string, data: Record<FormStep, Record<string, unknown>>, more: Partial<Record<FormStep, Record<string, unknown>>> = {}, read: Record<string, string> = {}) {
  // The check starts from what the identity step holds; the provider reads the document (`read` overrides what it reads).
  const init = await c.form('/ekyc/rest-api/ctos/init', initBody(applyId, { documentNumber: String(data.identity.nricNumber), documentName: String(data.identity.documentName) }));
  await completeProviderPage(c, init.body.data.h5RedirectUrl, 'success', { idNo: String(data.identity.nricNumber), name: String(data.identity.documentName), ...read });
  // The identity and personal steps then hold what the check read (their names are locked to it), as the app saves them.
  const saved = read.name ? { ...data, identity: { ...data.identity, documentName: read.name }, personal: { ...data.personal, documentName: read.name } } : data;
  for (const step of ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature'] as FormStep[]) {
    const res = await fill(c, step, saved[step], {}, more[step]);
    if (res.status !== 200) throw new Error(`${step}: ${JSON.stringify(res.body)}`);
  }
  const order = (await c.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
  await c.request('POST', `${new URL(order.redirectUrl).pathname}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome: 'approve' } });
  const res = await c.post('/kh/account/apply/apply-submit', { applyId });
  if (res.body.data.status !== 2) throw new Error(JSON.stringify(res.body));
}
