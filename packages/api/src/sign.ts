// The signed send-auth-code request of SPEC §7: nonce, version 1, salt version 1, timestamp and an
// HMAC-SHA256 signature over the canonical fields. The server verifies with the same functions.

export const SIGNATURE_VERSION = 1;
export const SALT_VERSION = 1;

export interface SignedFields {
  nonce: string;
  version: number;
  saltVersion: number;
  timestamp: number;
  signature: string;
}

/** key=value pairs sorted by key and joined by "&"; the signature itself is left out. */
export const canonicalString = (fields: Record<string, string | number>): string =>
  Object.keys(fields)
    .filter((key) => key !== 'signature')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function hmacSha256(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

export const randomNonce = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)).buffer as ArrayBuffer);

export async function signFields<T extends Record<string, string | number>>(
  fields: T,
  secret: string,
  { nonce = randomNonce(), timestamp = Date.now() }: { nonce?: string; timestamp?: number } = {},
): Promise<T & SignedFields> {
  const unsigned = { ...fields, nonce, version: SIGNATURE_VERSION, saltVersion: SALT_VERSION, timestamp };
  return { ...unsigned, signature: await hmacSha256(secret, canonicalString(unsigned)) };
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
