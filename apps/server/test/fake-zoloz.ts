// A fake ZOLOZ gateway speaking the Real ID H5 wire format: signed JSON calls in (checked with the
// merchant's public key), signed answers out (with the fake's own key, which the server is given as
// "ZOLOZ's public key"). The applicant's visit to ZOLOZ's page is `finish`: the test decides what the
// page captured, and the browser follows the completeCallbackUrl the server registered.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { freePort } from '@kh/testing';
import { sign, signatureOf, signedMessage, verify, type ZolozSettings } from '../src/identity/zoloz.ts';

export type FakeOutcome = 'success' | 'faceMismatch' | 'forgedDocument' | 'pending';

export interface InitializeCall {
  headers: Record<string, string | undefined>;
  body: { bizId: string; metaInfo: string; flowType: string; docType: string; userId: string; h5ModeConfig: { completeCallbackUrl: string; interruptCallbackUrl: string; locale: string } } & Record<string, unknown>;
  signatureValid: boolean;
}

interface Transaction {
  init: InitializeCall;
  outcome: FakeOutcome;
  images: { front: string; back: string; face: string };
}

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

export async function fakeZoloz() {
  const merchant = keyPair();
  const zoloz = keyPair();
  // What signs the fake's answers: its own key, or (to test refusal) a stranger's.
  let answerKey: KeyObject = zoloz.privateKey;
  const initializeCalls: InitializeCall[] = [];
  const checkresultCalls: { bizId: string; transactionId: string; isReturnImage: string }[] = [];
  const transactions = new Map<string, Transaction>();
  const clientId = '2188000000000001';

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const time = String(req.headers['request-time'] ?? '');
      const signatureValid = verify(merchant.publicKey, signedMessage(path, String(req.headers['client-id']), time, raw), signatureOf(String(req.headers.signature ?? '')) ?? '');
      const answer = (status: number, body: object) => {
        const text = JSON.stringify(body);
        const responseTime = new Date().toISOString().slice(0, 19) + '+0000';
        res
          .writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'response-time': responseTime, signature: `algorithm=RSA256, signature=${encodeURIComponent(sign(answerKey, signedMessage(path, clientId, responseTime, text)))}` })
          .end(text);
      };
      if (!signatureValid || req.headers['client-id'] !== clientId) return answer(200, { result: { resultStatus: 'F', resultCode: 'INVALID_SIGNATURE', resultMessage: 'Invalid signature' } });
      const body = JSON.parse(raw);
      if (path === '/api/v1/zoloz/realid/initialize') {
        const transactionId = `G0000000${String(transactions.size + 1).padStart(8, '0')}FRL`;
        const call = { headers: { ...req.headers } as Record<string, string | undefined>, body, signatureValid };
        initializeCalls.push(call);
        transactions.set(transactionId, { init: call, outcome: 'pending', images: { front: '', back: '', face: '' } });
        return answer(200, { result: { resultStatus: 'S', resultCode: 'SUCCESS', resultMessage: 'Success' }, transactionId, clientCfg: Buffer.from(JSON.stringify({ transactionId, factor: 'realid' })).toString('base64') });
      }
      if (path === '/api/v1/zoloz/realid/checkresult') {
        checkresultCalls.push(body);
        const transaction = transactions.get(body.transactionId);
        if (!transaction) return answer(200, { result: { resultStatus: 'F', resultCode: 'INVALID_ARGUMENT', resultMessage: 'unknown transaction' } });
        return answer(200, checkResult(transaction, body.isReturnImage === 'Y'));
      }
      answer(404, { result: { resultStatus: 'F', resultCode: 'NOT_FOUND' } });
    });
  });
  const port = await freePort();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');

  const settings: ZolozSettings = {
    apiUrl: `http://127.0.0.1:${port}`,
    clientId,
    merchantPrivateKey: merchant.privateKey,
    zolozPublicKey: zoloz.publicKey,
    webSdkUrl: 'https://sg-production-cdn.zoloz.com/page/zoloz-realid-fe/index.html',
  };

  return {
    settings,
    initializeCalls,
    checkresultCalls,
    /** The transaction behind the page URL the applicant was sent to. */
    transactionOf(h5RedirectUrl: string): { id: string; init: InitializeCall } {
      const clientCfg = new URL(h5RedirectUrl).searchParams.get('clientcfg') ?? '';
      const { transactionId } = JSON.parse(Buffer.from(clientCfg, 'base64').toString()) as { transactionId: string };
      return { id: transactionId, init: transactions.get(transactionId)!.init };
    },
    /** The applicant finishes ZOLOZ's page; returns the URL ZOLOZ's page sends the browser to. */
    finish(h5RedirectUrl: string, outcome: FakeOutcome, images: { front: string; back: string; face: string }, how: 'complete' | 'interrupt' = 'complete'): string {
      const { id, init } = this.transactionOf(h5RedirectUrl);
      Object.assign(transactions.get(id)!, { outcome, images });
      return how === 'complete' ? init.body.h5ModeConfig.completeCallbackUrl : init.body.h5ModeConfig.interruptCallbackUrl;
    },
    /** From now on answers are signed by a key that is not ZOLOZ's. */
    forgeAnswers: (forge: boolean) => void (answerKey = forge ? keyPair().privateKey : zoloz.privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** checkresult as ZOLOZ answers it for MyKad Real ID. */
function checkResult(transaction: Transaction, withImages: boolean) {
  const ok = { result: { resultStatus: 'S', resultCode: 'SUCCESS', resultMessage: 'Success' } };
  if (transaction.outcome === 'pending') return { ...ok, ekycResult: 'PENDING' };
  const faceFails = transaction.outcome === 'faceMismatch';
  const docFails = transaction.outcome === 'forgedDocument';
  return {
    ...ok,
    ekycResult: faceFails || docFails ? 'FAILURE' : 'SUCCESS',
    extBasicInfo: { certType: transaction.init.body.docType, certNo: '900101145678', certName: 'TAN AH KOW' },
    extIdInfo: {
      ekycResultDoc: docFails ? 'FAILURE' : 'SUCCESS',
      docEdition: 1,
      ocrResult: { NAME: 'TAN AH KOW', ID_NUMBER: '900101-14-5678', SEX: 'PEREMPUAN', DATE_OF_BIRTH: '1990/01/01', ADDRESS: '3A LORONG BATU LANCHANG 8 TAMAN SRI BATU LANCHANG 11600 JELUTONG PULAU PINANG' },
      spoofResult: { TAMPER_CHECK: docFails ? 'N' : 'Y', MATERIAL_CHECK: 'Y', SCREEN_RECAPTURE_CHECK: 'Y', OTHER_CHECK: 'Y' },
      ...(withImages ? { frontPageImg: transaction.images.front, backPageImg: transaction.images.back } : {}),
    },
    extFaceInfo: { ekycResultFace: faceFails ? 'FAILURE' : 'SUCCESS', faceScore: faceFails ? 23.5 : 96.2, faceAttack: false, ...(withImages ? { faceImg: transaction.images.face } : {}) },
    extRiskInfo: { ekycResultRisk: 'SUCCESS' },
  };
}
