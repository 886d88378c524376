// What the identity check verified, and the fields it locks (SPEC §1, §3, §5): once the check has
// succeeded, the document the applicant opens with is the document that was checked. A field says
// which fact locks it with `verifiedBy`; compile() sets and locks the value, validateStep() refuses
// any other, so the browser and the server give one verdict.
import type { ValueField, VerifiedIdentityKey } from './step-schema.ts';

export interface VerifiedIdentity {
  /** IdentityType dictionary value (MyKad 106, passport 102…). */
  documentType: number;
  documentNumber: string;
  name?: string;
  /** YYYY-MM-DD */
  birthDate?: string;
  /** Gender dictionary value: male 1, female 2. */
  gender?: 1 | 2;
  /** ISO alpha-3, or MYS-PR. */
  nationality?: string;
  /** YYYY-MM-DD, passports only. */
  expiryDate?: string;
}

/** The provider's OCR record (SPEC §3 electronic ID result, step1.ocrData) as a verified identity. */
export interface OcrData {
  name?: string;
  gender?: string;
  birthDate?: string;
  nationality?: string;
  expiryDate?: string;
  idNo?: string;
}

const blankToUndefined = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

export function verifiedIdentityFromOcr(documentType: number, ocr: OcrData, checkedNumber: string): VerifiedIdentity {
  const gender = ocr.gender?.toUpperCase();
  return {
    documentType,
    documentNumber: normaliseDocumentNumber(blankToUndefined(ocr.idNo) ?? checkedNumber),
    name: normaliseName(ocr.name ?? '') || undefined,
    birthDate: blankToUndefined(ocr.birthDate),
    gender: gender === 'M' || gender === '1' ? 1 : gender === 'F' || gender === '2' ? 2 : undefined,
    nationality: blankToUndefined(ocr.nationality)?.toUpperCase(),
    expiryDate: blankToUndefined(ocr.expiryDate),
  };
}

/** 900215-10-5571, "900215 10 5571" and 900215105571 are one MyKad number; passports ignore case. */
export const normaliseDocumentNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();
/** Names compare without regard to case or repeated spaces: OCR reads capitals. */
export const normaliseName = (value: string): string => value.trim().replace(/\s+/g, ' ').toUpperCase();

const NORMALISE: Record<VerifiedIdentityKey, (value: unknown) => unknown> = {
  documentType: (v) => (v === undefined || v === '' ? v : Number(v)),
  documentNumber: (v) => (typeof v === 'string' ? normaliseDocumentNumber(v) : v),
  name: (v) => (typeof v === 'string' ? normaliseName(v) : v),
  birthDate: (v) => v,
  gender: (v) => (v === undefined || v === '' ? v : Number(v)),
  nationality: (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  expiryDate: (v) => v,
};

export const sameVerifiedValue = (key: VerifiedIdentityKey, a: unknown, b: unknown): boolean => NORMALISE[key](a) === NORMALISE[key](b);

/** Field id → the value the identity check locks it to. Facts the provider did not read lock nothing. */
export function lockedValues(fields: ValueField[], identity: VerifiedIdentity | undefined): Record<string, unknown> {
  // No prototype: "constructor" in it only when a field of that name is locked.
  const locked = Object.create(null) as Record<string, unknown>;
  if (!identity) return locked;
  for (const field of fields) {
    if (!field.verifiedBy || identity[field.verifiedBy] === undefined) continue;
    locked[field.id] = identity[field.verifiedBy];
  }
  return locked;
}

/** Each verified fact beside the value typed for it, for the reviewer. */
export interface IdentityComparison {
  fact: VerifiedIdentityKey;
  field: string;
  verified: unknown;
  typed: unknown;
  matches: boolean;
}

export function compareWithIdentity(fields: ValueField[], data: Record<string, unknown>, identity: VerifiedIdentity, isVisible: (fieldId: string) => boolean): IdentityComparison[] {
  return fields
    .filter((f) => f.verifiedBy && identity[f.verifiedBy] !== undefined && isVisible(f.id))
    .map((f) => {
      const fact = f.verifiedBy!;
      return { fact, field: f.id, verified: identity[fact], typed: data[f.id], matches: sameVerifiedValue(fact, data[f.id], identity[fact]) };
    });
}
