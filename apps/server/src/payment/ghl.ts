// The GHL (eGHL) hosted payment page protocol: the payment request the browser is sent to, signed
// with HashValue, and the gateway's answer (to the return URL, and server to server to the
// callback URL), signed with HashValue2. Both are SHA-256 over the merchant password and fields in
// the order the protocol fixes; an answer whose hash, amount or order does not match is refused.
import { createHash, timingSafeEqual } from 'node:crypto';

export interface GhlSettings {
  /** The gateway's payment page, e.g. https://pay.e-ghl.com/IPGSG/Payment.aspx */
  url: string;
  serviceId: string;
  password: string;
}

export interface GhlOrder {
  paymentId: string;
  orderNumber: string;
  amountSen: number;
  description: string;
  returnUrl: string;
  callbackUrl: string;
  custIp: string;
  custName: string;
  custEmail: string;
  custPhone: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const amountOf = (sen: number) => (sen / 100).toFixed(2);
export const PAGE_TIMEOUT_SECONDS = '780';

/** HashValue: Password + ServiceID + PaymentID + MerchantReturnURL + MerchantApprovalURL + MerchantUnApprovalURL + MerchantCallBackURL + Amount + CurrencyCode + CustIP + PageTimeout + CardNo + Token. */
export const requestHash = (password: string, f: Record<string, string>) =>
  sha256([password, f.ServiceID, f.PaymentID, f.MerchantReturnURL, f.MerchantApprovalURL, f.MerchantUnApprovalURL, f.MerchantCallBackURL, f.Amount, f.CurrencyCode, f.CustIP, f.PageTimeout, f.CardNo, f.Token].map((v) => v ?? '').join(''));

/** HashValue2: Password + TxnID + ServiceID + PaymentID + TxnStatus + Amount + CurrencyCode + AuthCode + OrderNumber + Param6 + Param7. */
export const responseHash = (password: string, f: Record<string, string>) =>
  sha256([password, f.TxnID, f.ServiceID, f.PaymentID, f.TxnStatus, f.Amount, f.CurrencyCode, f.AuthCode, f.OrderNumber, f.Param6, f.Param7].map((v) => v ?? '').join(''));

/** The URL the applicant's browser is sent to: the gateway page with the signed request. */
export function paymentRequestUrl(settings: GhlSettings, order: GhlOrder): string {
  const fields: Record<string, string> = {
    TransactionType: 'SALE',
    PymtMethod: 'ANY',
    ServiceID: settings.serviceId,
    PaymentID: order.paymentId,
    OrderNumber: order.orderNumber,
    PaymentDesc: order.description,
    MerchantReturnURL: order.returnUrl,
    MerchantCallBackURL: order.callbackUrl,
    Amount: amountOf(order.amountSen),
    CurrencyCode: 'MYR',
    CustIP: order.custIp,
    CustName: order.custName,
    CustEmail: order.custEmail,
    CustPhone: order.custPhone,
    PageTimeout: PAGE_TIMEOUT_SECONDS,
  };
  const url = new URL(settings.url);
  for (const [key, value] of Object.entries({ ...fields, HashValue: requestHash(settings.password, fields) })) url.searchParams.set(key, value);
  return url.toString();
}

export type GhlAnswer = { paymentId: string; orderNumber: string; payStatus: 0 | 1 | 2; txnId: string } | { refused: 'hash' | 'service' | 'fields' };

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The gateway's answer, checked: TxnStatus 0 paid, 1 failed, 2 pending. */
export function readAnswer(settings: GhlSettings, fields: Record<string, string>): GhlAnswer {
  if (!fields.PaymentID || !fields.OrderNumber || !fields.HashValue2 || !['0', '1', '2'].includes(fields.TxnStatus)) return { refused: 'fields' };
  if (!sameHex(responseHash(settings.password, fields), String(fields.HashValue2).toLowerCase())) return { refused: 'hash' };
  if (fields.ServiceID !== settings.serviceId) return { refused: 'service' };
  return { paymentId: fields.PaymentID, orderNumber: fields.OrderNumber, payStatus: Number(fields.TxnStatus) as 0 | 1 | 2, txnId: fields.TxnID ?? '' };
}

export const amountMatches = (fields: Record<string, string>, amountSen: number) => fields.Amount === amountOf(amountSen) && fields.CurrencyCode === 'MYR';
