// What every identity provider's answer comes down to: the check's outcome, its images stored as the
// applicant's files, the OCR fields, and the personal step prefilled from them. The sandbox page and
// the ZOLOZ adapter both end here, so a reviewer sees the same record whichever ran.
import { and, eq, inArray } from 'drizzle-orm';
import { formatNric, joinAddressLines, parseIdAddress, parseNric } from '@kh/engine';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/database.ts';
import { applicationSteps, ekycChecks, files } from '../db/schema.ts';
import { serialised } from '../db/serialised.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { EkycFailureReason } from './ekyc.ts';

export type Check = typeof ekycChecks.$inferSelect;
export const PASSPORT_KIND = 102;
const NRIC_KIND = 106;

/** The OCR fields a provider reads from the document, as the personal step takes them. */
export interface OcrFields {
  name: string;
  /** M or F */
  gender: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** ISO 3166 alpha-3, e.g. MYS */
  nationality: string;
  /** YYYY-MM-DD, passports */
  expiryDate: string;
  idNo: string;
  idAddress: string;
}

/** What the typed answers and the MyKad number already say, before a provider reads anything. */
export function expectedOcr(check: Check): OcrFields {
  const nric = check.idKind === NRIC_KIND ? parseNric(check.documentNumber, new Date()) : undefined;
  return {
    name: check.documentName.toUpperCase(),
    gender: nric ? (nric.gender === 1 ? 'M' : 'F') : '',
    birthDate: nric?.birthDate ?? '',
    nationality: check.idKind === PASSPORT_KIND ? '' : 'MYS',
    expiryDate: '',
    idNo: check.idKind === NRIC_KIND ? formatNric(check.documentNumber) : check.documentNumber,
    idAddress: '',
  };
}

export interface ProviderImage {
  bytes: Buffer;
  ext: string;
  mime: string;
}

export interface EkycOutcome {
  failureReason?: EkycFailureReason;
  images: Partial<Record<'front' | 'back' | 'selfie', ProviderImage>>;
  ocr: OcrFields;
  faceScore: number | null;
  isIdentical: boolean | null;
}

/**
 * Settles a pending check once: a second answer for the same check (the browser's return and a status
 * poll at once, or a repeated return) finds it settled and changes nothing. Returns the check as stored.
 */
export async function recordOutcome(db: Database, storage: FileStorage, checkId: string, outcome: EkycOutcome): Promise<Check | undefined> {
  return serialised(db, `ekyc-check:${checkId}`, async (tx) => {
    const [check] = await tx.select().from(ekycChecks).where(eq(ekycChecks.id, checkId));
    if (!check || check.state !== 'pending') return check;
    // The images are the applicant's files, under their ownership.
    const stored: Partial<Record<keyof EkycOutcome['images'], string>> = {};
    for (const [name, image] of Object.entries(outcome.images) as [keyof EkycOutcome['images'], ProviderImage][]) {
      const relativePath = `ekyc/${check.memberId}/${check.id}-${name}.${image.ext}`;
      await storage.put(relativePath, image.bytes);
      await tx.insert(files).values({ id: newId(), memberId: check.memberId, relativePath, originalFilename: `${name}.${image.ext}`, mime: image.mime, size: image.bytes.length });
      stored[name] = relativePath;
    }
    const success = !outcome.failureReason;
    // A phone that came by the QR code is not the account until the PC says so: its check is verified,
    // and joins the application only once confirmed (confirmHandoffCheck).
    const verifiedState = check.viaHandoff ? 'unconfirmed' : 'success';
    const ocrData = { ...outcome.ocr, nationality: outcome.ocr.nationality.toUpperCase(), idNo: outcome.ocr.idNo.replace(/[\s-]/g, '').toUpperCase() };
    const [settled] = await tx
      .update(ekycChecks)
      .set({
        state: success ? verifiedState : 'failed',
        failureReason: outcome.failureReason ?? null,
        frontImgPath: stored.front ?? null,
        backImgPath: stored.back ?? null,
        selfieImgPath: stored.selfie ?? null,
        ocrData,
        faceScore: outcome.faceScore,
        isIdentical: outcome.isIdentical,
        completedAt: new Date(),
      })
      .where(eq(ekycChecks.id, check.id))
      .returning();
    if (success && verifiedState === 'success') await prefillPersonal(tx, check, ocrData);
    return settled;
  });
}

/**
 * The PC's answer on a check a hand-off phone made: its applicant's (the check becomes the
 * application's verified identity, the personal step starts from it), or not (disowned: it never
 * counts). Once, under the check's lock; answers the check as it then stands, or undefined when it
 * was not waiting for that answer.
 */
export async function answerHandoffCheck(db: Database, applicationId: string, checkId: string, accept: boolean): Promise<Check | undefined> {
  return serialised(db, `ekyc-check:${checkId}`, async (tx) => {
    const [check] = await tx.select().from(ekycChecks).where(and(eq(ekycChecks.id, checkId), eq(ekycChecks.applicationId, applicationId)));
    if (!check || check.state !== 'unconfirmed') return undefined;
    const [answered] = await tx
      .update(ekycChecks)
      .set(accept ? { state: 'success', confirmedAt: new Date() } : { state: 'disowned' })
      .where(eq(ekycChecks.id, check.id))
      .returning();
    if (accept) await prefillPersonal(tx, check, check.ocrData as OcrFields);
    return answered;
  });
}

/** Checks a hand-off phone has under way or waiting for the PC, ended: a phone the PC no longer trusts settles nothing. */
export async function disownHandoffChecks(db: Database, applicationId: string): Promise<void> {
  await db
    .update(ekycChecks)
    .set({ state: 'disowned', completedAt: new Date() })
    .where(and(eq(ekycChecks.applicationId, applicationId), eq(ekycChecks.viaHandoff, true), inArray(ekycChecks.state, ['pending', 'unconfirmed'])));
}

/** A check the applicant left (closed the provider's page, or the provider gave up): failed, so they may try again. */
export async function abandonCheck(db: Database, checkId: string, reason: EkycFailureReason): Promise<void> {
  await serialised(db, `ekyc-check:${checkId}`, async (tx) => {
    const [check] = await tx.select({ state: ekycChecks.state }).from(ekycChecks).where(eq(ekycChecks.id, checkId));
    if (check?.state === 'pending') await tx.update(ekycChecks).set({ state: 'failed', failureReason: reason, completedAt: new Date() }).where(eq(ekycChecks.id, checkId));
  });
}

/** The personal step starts from what the provider read; the ID address goes through the parser. */
async function prefillPersonal(db: Database, check: Check, ocr: OcrFields) {
  const address = check.idKind === PASSPORT_KIND || !ocr.idAddress ? undefined : parseIdAddress(ocr.idAddress);
  const payload: Record<string, unknown> = {
    name: ocr.name,
    nationalityCode: ocr.nationality,
    identityKind: check.idKind,
    idNo: ocr.idNo,
    gender: ocr.gender === 'M' ? 1 : 2,
    birthDate: ocr.birthDate,
    ...(check.idKind === PASSPORT_KIND ? { passportExpiryDate: ocr.expiryDate } : {}),
    ...(address
      ? { addressList: [{ addrType: 1, country: 'MYS', postalCode: address.postCode, state: address.stateCode, city: address.town, address: joinAddressLines(address.lines) }], isSameRegisteredAddr: true }
      : {}),
  };
  await db.insert(applicationSteps).values({ applicationId: check.applicationId, stepId: 'personal', payload }).onConflictDoNothing();
}
