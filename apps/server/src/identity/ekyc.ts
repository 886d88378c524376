// The identity check (eKYC) behind an adapter: the sandbox provider is a page of this server that
// behaves like the real one; a real provider plugs in by implementing IdentityProvider.
import { createHash, randomBytes } from 'node:crypto';

/** The 13 failure reasons of SPEC §5. */
export const EKYC_FAILURE_REASONS = [
  'faceMismatch',
  'recognitionFailed',
  'wrongIdType',
  'blurry',
  'noFace',
  'fake',
  'overexposed',
  'tooFrequent',
  'multipleIds',
  'blacklisted',
  'ageMismatch',
  'highRisk',
  'submissionLimit',
] as const;
export type EkycFailureReason = (typeof EKYC_FAILURE_REASONS)[number];

export interface IdentityProvider {
  name: string;
  /** Where the applicant goes to take the photos; the provider sends them back to responseUrl. */
  start(check: { id: string; pageToken: string }): { h5RedirectUrl: string };
}

export const sandboxIdentityProvider = (publicOrigin: string, name = 'sandbox-ctos'): IdentityProvider => ({
  name,
  start: ({ id, pageToken }) => ({ h5RedirectUrl: `${publicOrigin}/sandbox/ekyc/${id}?t=${pageToken}` }),
});

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
