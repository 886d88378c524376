// The ZOLOZ Real ID adapter (H5 mode): initialize a transaction, send the applicant to ZOLOZ's web
// page with its client configuration, and read the result with checkresult when they come back.
//
// The gateway protocol: every call is `POST /api/v1/zoloz/realid/<api>` with a JSON body and the
// headers Client-Id, Request-Time and `Signature: algorithm=RSA256, signature=<url-encoded base64>`,
// an RSA-SHA256 signature with the merchant's key over `POST <path>\n<Client-Id>.<Request-Time>.<body>`.
// ZOLOZ answers with Response-Time and a Signature over the same shape with its body, made with
// ZOLOZ's key: an answer whose signature does not verify is not ZOLOZ's, and is not believed.
import { createPrivateKey, createPublicKey, createSign, createVerify, createHash, type KeyObject } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { IDENTITY_TYPE } from '@kh/engine';
import type { EkycFailureReason } from './ekyc.ts';
import { expectedOcr, type Check, type EkycOutcome, type OcrFields, type ProviderImage } from './ekyc-outcome.ts';

export interface ZolozSettings {
  /** The gateway, e.g. https://sg-production-api.zoloz.com */
  apiUrl: string;
  clientId: string;
  merchantPrivateKey: KeyObject;
  zolozPublicKey: KeyObject;
  /** ZOLOZ's Real ID web page the applicant is sent to with ?clientcfg= */
  webSdkUrl: string;
}

export const ZOLOZ_WEB_SDK_URL = 'https://sg-production-cdn.zoloz.com/page/zoloz-realid-fe/index.html';

/** A PEM, or the bare base64 body the ZOLOZ portal shows (PKCS#8 private, SPKI public). */
export function readKey(text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.includes('-----BEGIN') ? text.replace(/\\n/g, '\n') : undefined;
  if (kind === 'private') return pem ? createPrivateKey(pem) : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  return pem ? createPublicKey(pem) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/** ZOLOZ document types for the identity kinds of SPEC §5 (Malaysian documents and any passport). */
export const ZOLOZ_DOC_TYPES: Record<number, string> = {
  [IDENTITY_TYPE.nric]: '00600000001',
  [IDENTITY_TYPE.myPR]: '00600000003',
  [IDENTITY_TYPE.myKas]: '00600000004',
  [IDENTITY_TYPE.myTentera]: '00600000002',
  [IDENTITY_TYPE.passport]: '00000001003',
};

/** The failure reasons of SPEC §5 an unreachable or untrustworthy provider maps to; the applicant may try again. */
export class IdentityProviderError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'signature' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'IdentityProviderError';
  }
}

/** `yyyy-MM-ddTHH:mm:ss+0000`, the gateway's Request-Time. */
const requestTime = (now: Date) => `${now.toISOString().slice(0, 19)}+0000`;

export const signedMessage = (path: string, clientId: string, time: string, body: string) => `POST ${path}\n${clientId}.${time}.${body}`;

export function sign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function verify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The signature out of `algorithm=RSA256, signature=<url-encoded>, keyVersion=…`. */
export function signatureOf(header: string | null): string | undefined {
  const match = /(?:^|,)\s*signature=([^,]+)/.exec(header ?? '');
  return match ? decodeURIComponent(match[1].trim()) : undefined;
}

interface ZolozResult {
  result?: { resultStatus?: string; resultCode?: string; resultMessage?: string };
}

/** One signed call through the gateway; the answer only if ZOLOZ signed it. */
export async function callZoloz<T extends ZolozResult>(settings: ZolozSettings, api: 'initialize' | 'checkresult', payload: object, timeoutMs = 15_000): Promise<T> {
  const path = `/api/v1/zoloz/realid/${api}`;
  const body = JSON.stringify(payload);
  const time = requestTime(new Date());
  let response: Response;
  try {
    response = await fetch(new URL(path, settings.apiUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        'client-id': settings.clientId,
        'request-time': time,
        signature: `algorithm=RSA256, signature=${encodeURIComponent(sign(settings.merchantPrivateKey, signedMessage(path, settings.clientId, time, body)))}`,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new IdentityProviderError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', `ZOLOZ ${api}: ${(error as Error).message}`);
  }
  const text = await response.text();
  const signature = signatureOf(response.headers.get('signature'));
  const responseTime = response.headers.get('response-time') ?? '';
  if (!signature || !verify(settings.zolozPublicKey, signedMessage(path, settings.clientId, responseTime, text), signature))
    throw new IdentityProviderError('signature', `ZOLOZ ${api}: the answer (HTTP ${response.status}) is not signed by ZOLOZ`);
  let answer: T;
  try {
    answer = JSON.parse(text) as T;
  } catch {
    throw new IdentityProviderError('refused', `ZOLOZ ${api}: the answer is not JSON`);
  }
  if (answer.result?.resultStatus !== 'S') throw new IdentityProviderError('refused', `ZOLOZ ${api}: ${answer.result?.resultCode ?? response.status} ${answer.result?.resultMessage ?? ''}`.trim());
  return answer;
}

/** ZOLOZ's page languages for ours; Malay, English and Chinese are among them. */
const LOCALES: Record<string, string> = { en: 'en', ms: 'ms', 'zh-HK': 'zh-HK', 'zh-CN': 'zh-CN' };

/** Starts a transaction; the applicant goes to the returned URL. */
export async function initializeRealId(
  settings: ZolozSettings,
  check: Pick<Check, 'id' | 'memberId' | 'idKind'>,
  returnUrl: { complete: string; interrupt: string },
  language: string,
): Promise<{ transactionId: string; h5RedirectUrl: string }> {
  const answer = await callZoloz<ZolozResult & { transactionId?: string; clientCfg?: string }>(settings, 'initialize', {
    bizId: check.id,
    metaInfo: 'MOB_H5',
    flowType: 'H5_REALIDLITE_KYC',
    docType: ZOLOZ_DOC_TYPES[check.idKind] ?? ZOLOZ_DOC_TYPES[IDENTITY_TYPE.nric],
    // ZOLOZ recommends a pseudonymous user id: it never needs to know who the member is.
    userId: createHash('sha256').update(`kh-member:${check.memberId}`).digest('hex').slice(0, 32),
    sceneCode: 'openAccount',
    serviceLevel: 'REALID0001',
    operationMode: 'STANDARD',
    h5ModeConfig: { completeCallbackUrl: returnUrl.complete, interruptCallbackUrl: returnUrl.interrupt, locale: LOCALES[language] ?? 'en' },
  });
  if (!answer.transactionId || !answer.clientCfg) throw new IdentityProviderError('refused', 'ZOLOZ initialize: no transactionId or clientCfg');
  const page = new URL(settings.webSdkUrl);
  page.searchParams.set('clientcfg', answer.clientCfg);
  return { transactionId: answer.transactionId, h5RedirectUrl: page.toString() };
}

/** The part of a checkresult answer the adapter reads. */
export interface RealIdCheckResult extends ZolozResult {
  ekycResult?: string;
  extIdInfo?: { ekycResultDoc?: string; ocrResult?: Record<string, string>; frontPageImg?: string; backPageImg?: string; spoofResult?: Record<string, string> };
  extFaceInfo?: { ekycResultFace?: string; faceScore?: number; faceImg?: string; faceAttack?: boolean };
  extRiskInfo?: { ekycResultRisk?: string };
}

export type RealIdAnswer = { pending: true } | { pending: false; outcome: EkycOutcome };

const is = (value: string | undefined, expected: string) => value?.toUpperCase() === expected;

/** The first OCR field present among ZOLOZ's names for it (they differ by document). */
const ocrField = (ocr: Record<string, string>, ...names: string[]) => names.map((name) => ocr[name]).find((value) => typeof value === 'string' && value.trim())?.trim();

/** 1990/01/31, 31/01/1990, 19900131 or 1990-01-31 to 1990-01-31; anything else is left out. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const digits = value.replace(/\D/g, '');
  if (/^\d{4}\D\d{2}\D\d{2}$/.test(value) || /^\d{8}$/.test(value)) return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  if (/^\d{2}\D\d{2}\D\d{4}$/.test(value)) return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  return undefined;
}

function genderOf(value: string | undefined): string | undefined {
  const v = value?.toUpperCase();
  if (v === 'M' || v === 'MALE' || v === 'LELAKI') return 'M';
  if (v === 'F' || v === 'FEMALE' || v === 'PEREMPUAN') return 'F';
  return undefined;
}

/** What ZOLOZ read, over what the typed answers and the MyKad number say. */
export function ocrFrom(check: Check, ocr: Record<string, string> = {}): OcrFields {
  const expected = expectedOcr(check);
  return {
    name: ocrField(ocr, 'NAME', 'FULL_NAME', 'NAME_EN') ?? expected.name,
    gender: genderOf(ocrField(ocr, 'SEX', 'GENDER')) ?? expected.gender,
    birthDate: isoDate(ocrField(ocr, 'DATE_OF_BIRTH', 'BIRTH_DATE')) ?? expected.birthDate,
    nationality: ocrField(ocr, 'NATIONALITY', 'NATIONALITY_CODE', 'COUNTRY_CODE') ?? expected.nationality,
    expiryDate: isoDate(ocrField(ocr, 'DATE_OF_EXPIRY', 'EXPIRY_DATE')) ?? expected.expiryDate,
    idNo: ocrField(ocr, 'ID_NUMBER', 'DOCUMENT_NUMBER', 'PASSPORT_NUMBER', 'NRIC') ?? expected.idNo,
    idAddress: ocrField(ocr, 'ADDRESS', 'ADDRESS_ALL') ?? '',
  };
}

/** SPEC §5's failure reasons from what failed: the face, the document (forged or unread), or the risk check. */
export function failureReasonOf(answer: RealIdCheckResult): EkycFailureReason {
  if (is(answer.result?.resultCode, 'NO_REQUIRED_ID')) return 'wrongIdType';
  if (answer.extFaceInfo?.faceAttack) return 'fake';
  if (is(answer.extFaceInfo?.ekycResultFace, 'FAILURE')) return answer.extFaceInfo?.faceScore === undefined ? 'noFace' : 'faceMismatch';
  if (is(answer.extIdInfo?.ekycResultDoc, 'FAILURE')) return Object.values(answer.extIdInfo?.spoofResult ?? {}).some((v) => is(v, 'N')) ? 'fake' : 'recognitionFailed';
  if (is(answer.extRiskInfo?.ekycResultRisk, 'FAILURE')) return 'highRisk';
  return 'recognitionFailed';
}

async function imageOf(base64: string | undefined): Promise<ProviderImage | undefined> {
  if (!base64) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  // Only a picture is kept: whatever else came is not an image of the document.
  return type && ['jpg', 'png', 'webp'].includes(type.ext) ? { bytes, ext: type.ext, mime: type.mime } : undefined;
}

/** The transaction's result: pending while the applicant is still on ZOLOZ's page, else the outcome. */
export async function readRealIdResult(settings: ZolozSettings, check: Check, transactionId: string): Promise<RealIdAnswer> {
  const answer = await callZoloz<RealIdCheckResult>(settings, 'checkresult', { bizId: check.id, transactionId, isReturnImage: 'Y' });
  if (!is(answer.ekycResult, 'SUCCESS') && !is(answer.ekycResult, 'FAILURE')) return { pending: true };
  const success = is(answer.ekycResult, 'SUCCESS');
  const images: EkycOutcome['images'] = {};
  for (const [name, base64] of [['front', answer.extIdInfo?.frontPageImg], ['back', answer.extIdInfo?.backPageImg], ['selfie', answer.extFaceInfo?.faceImg]] as const) {
    const image = await imageOf(base64);
    if (image) images[name] = image;
  }
  const faceScore = typeof answer.extFaceInfo?.faceScore === 'number' ? Math.round(answer.extFaceInfo.faceScore) : null;
  return {
    pending: false,
    outcome: {
      failureReason: success ? undefined : failureReasonOf(answer),
      images,
      ocr: ocrFrom(check, answer.extIdInfo?.ocrResult),
      faceScore,
      isIdentical: answer.extFaceInfo?.ekycResultFace ? is(answer.extFaceInfo.ekycResultFace, 'SUCCESS') : null,
    },
  };
}
