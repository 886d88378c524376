// The sandbox identity provider's page (behind h5RedirectUrl): photos of the ID front and back and a
// selfie, the OCR fields to confirm, and a sandbox control that forces the outcome. Then back to
// responseUrl, as the real provider does.
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { checkImagePixels } from '../services/watermark.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatNric, joinAddressLines, parseIdAddress, parseNric } from '@kh/engine';
import { translate } from '@kh/i18n';
import { newId } from '../config.ts';
import { applicationSteps, ekycChecks, files } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';
import { EKYC_FAILURE_REASONS, tokenHash } from '../services/ekyc.ts';
import { html, sendPage, type Markup } from './html.ts';

type Check = typeof ekycChecks.$inferSelect;
const PHOTO_TYPES = new Set(['jpg', 'png', 'webp', 'bmp', 'gif']);
const PASSPORT = 102;

interface OcrFields {
  name: string;
  gender: string;
  birthDate: string;
  nationality: string;
  expiryDate: string;
  idNo: string;
  idAddress: string;
}

function defaultOcr(check: Check): OcrFields {
  const nric = check.idKind === 106 ? parseNric(check.documentNumber, new Date()) : undefined;
  return {
    name: check.documentName.toUpperCase(),
    gender: nric ? (nric.gender === 1 ? 'M' : 'F') : '',
    birthDate: nric?.birthDate ?? '',
    nationality: check.idKind === PASSPORT ? '' : 'MYS',
    expiryDate: '',
    idNo: check.idKind === 106 ? formatNric(check.documentNumber) : check.documentNumber,
    idAddress: check.idKind === PASSPORT ? '' : 'NO 12 JALAN AMPANG 50450 KUALA LUMPUR WILAYAH PERSEKUTUAN',
  };
}

const field = (name: keyof OcrFields, label: string, value: string, errors: Record<string, string>, attrs: Markup = html``) =>
  html`<label for="${name}">${label}${errors[name] ? html`<span class="error" id="${name}-error">${errors[name]}</span>` : ''}</label>
<input type="text" id="${name}" name="${name}" value="${value}" ${errors[name] ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''} ${attrs}>`;

const photo = (name: string, label: string, hint: string, capture: 'environment' | 'user', error?: string) =>
  html`<label for="${name}">${label}<span class="hint">${hint}</span>${error ? html`<span class="error" id="${name}-error">${error}</span>` : ''}</label>
<input type="file" id="${name}" name="${name}" accept="image/*" capture="${capture}" ${error ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''}>
<button type="button" class="secondary" data-camera-for="${name}" hidden>Use the camera</button>
<img id="${name}-preview" class="preview" alt="" hidden>`;

function page(reply: FastifyReply, check: Check, token: string, ocr: OcrFields, controls: boolean, errors: Record<string, string> = {}) {
  const passport = check.idKind === PASSPORT;
  const summary = Object.entries(errors);
  const body = html`
<h1>Verify your identity</h1>
<p class="lead">Take clear photos: the whole document, no glare or shadow.</p>
${summary.length > 0 ? html`<div class="error-summary" role="alert" tabindex="-1"><h2>There is a problem</h2><ul>${summary.map(([id, message]) => html`<li><a href="#${id}">${message}</a></li>`)}</ul></div>` : ''}
<form method="post" action="/sandbox/ekyc/${check.id}/complete?t=${token}" enctype="multipart/form-data" novalidate>
<fieldset><legend>1. Photos</legend>
${photo('front', passport ? 'Passport photo page' : 'Front of your ID', 'JPG or PNG', 'environment', errors.front)}
${passport ? '' : photo('back', 'Back of your ID', 'JPG or PNG', 'environment', errors.back)}
${photo('selfie', 'A selfie', 'Look straight at the camera', 'user', errors.selfie)}
</fieldset>
<fieldset><legend>2. Check what we read</legend>
${field('name', 'Name', ocr.name, errors)}
${field('idNo', passport ? 'Passport number' : 'ID number', ocr.idNo, errors)}
<label for="gender">Gender</label>
<select id="gender" name="gender"><option value="M" ${ocr.gender === 'M' ? 'selected' : ''}>Male</option><option value="F" ${ocr.gender === 'F' ? 'selected' : ''}>Female</option></select>
${field('birthDate', 'Date of birth (YYYY-MM-DD)', ocr.birthDate, errors, html`inputmode="numeric" autocomplete="bday"`)}
${field('nationality', 'Nationality (3 letters)', ocr.nationality, errors)}
${passport ? field('expiryDate', 'Expiry date (YYYY-MM-DD)', ocr.expiryDate, errors, html`inputmode="numeric"`) : ''}
${passport ? '' : field('idAddress', 'Address on the ID', ocr.idAddress, errors)}
</fieldset>
${controls ? html`<fieldset class="sandbox-control"><legend>Sandbox control</legend>
<label for="outcome">Outcome of the check<span class="hint">Only in the sandbox: forces what the provider answers.</span></label>
<select id="outcome" name="outcome"><option value="success">Success</option>${EKYC_FAILURE_REASONS.map((reason) => html`<option value="${reason}">Fail: ${translate('en', `errors.ekyc.${reason}`)}</option>`)}</select>
</fieldset>` : ''}
<button type="submit">Submit</button>
</form>`;
  return sendPage(reply, { title: 'Identity verification', body, script: 'ekyc.js', status: summary.length > 0 ? 400 : 200 });
}

export const ekycProviderPlugin: FastifyPluginAsync = async (app) => {
  const { db, storage } = app.kh;
  // A staging site (production with KH_SANDBOX=1) runs this page without its outcome control.
  const controls = app.kh.config.sandboxControls;

  async function checkFor(request: FastifyRequest): Promise<{ check: Check; token: string }> {
    const { id } = request.params as { id: string };
    const token = String((request.query as { t?: string }).t ?? '');
    const [check] = await db.select().from(ekycChecks).where(and(eq(ekycChecks.id, id), eq(ekycChecks.pageTokenHash, tokenHash(token))));
    if (!check) throw new AppError(404, '404', 'server.ekycUnknown');
    if (check.state !== 'pending') throw new AppError(410, '40010005', 'server.ekycDone');
    return { check, token };
  }

  app.get('/ekyc/:id', async (request, reply) => {
    const { check, token } = await checkFor(request);
    return page(reply, check, token, defaultOcr(check), controls);
  });

  app.post('/ekyc/:id/complete', async (request, reply) => {
    const { check, token } = await checkFor(request);
    const fields: Record<string, string> = {};
    const photos: Record<string, { bytes: Buffer; ext: string; mime: string }> = {};
    const errors: Record<string, string> = {};
    for await (const part of request.parts({ limits: { files: 3, fileSize: app.kh.config.uploadLimitBytes } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
      else {
        const bytes = await part.toBuffer();
        if (bytes.length === 0) continue;
        const type = await fileTypeFromBuffer(bytes);
        if (!type || !PHOTO_TYPES.has(type.ext)) errors[part.fieldname] = 'Please choose a photo (JPG or PNG)';
        else if (await checkImagePixels(bytes).then(() => false, () => true)) errors[part.fieldname] = 'This photo is too large; please take it again';
        else photos[part.fieldname] = { bytes, ext: type.ext, mime: type.mime };
      }
    }
    const passport = check.idKind === PASSPORT;
    for (const [name, label] of [['front', 'Please add the photo of the document'], ['back', 'Please add the photo of the back'], ['selfie', 'Please add a selfie']] as const)
      if (!(passport && name === 'back') && !photos[name] && !errors[name]) errors[name] = label;
    const ocr: OcrFields = { ...defaultOcr(check), ...Object.fromEntries(Object.entries(fields).filter(([k]) => k in defaultOcr(check))) } as OcrFields;
    if (!ocr.name.trim()) errors.name = 'Please enter the name';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(ocr.birthDate)) errors.birthDate = 'Please enter the date as YYYY-MM-DD';
    if (passport && !/^\d{4}-\d{2}-\d{2}$/.test(ocr.expiryDate)) errors.expiryDate = 'Please enter the date as YYYY-MM-DD';
    if (!/^[A-Z]{3}(-PR)?$/.test(ocr.nationality.toUpperCase())) errors.nationality = 'Please enter 3 letters, e.g. MYS';
    const forced = controls && (EKYC_FAILURE_REASONS as readonly string[]).includes(fields.outcome);
    const outcome = forced ? fields.outcome : 'success';
    if (Object.keys(errors).length > 0) return page(reply, check, token, ocr, controls, errors);

    // The images are the applicant's files, under their ownership.
    const stored: Record<string, string> = {};
    for (const [name, photoFile] of Object.entries(photos)) {
      const fileId = newId();
      const relativePath = `ekyc/${check.memberId}/${check.id}-${name}.${photoFile.ext}`;
      await storage.put(relativePath, photoFile.bytes);
      await db.insert(files).values({ id: fileId, memberId: check.memberId, relativePath, originalFilename: `${name}.${photoFile.ext}`, mime: photoFile.mime, size: photoFile.bytes.length });
      stored[name] = relativePath;
    }
    const success = outcome === 'success';
    const ocrData = { ...ocr, nationality: ocr.nationality.toUpperCase(), idNo: ocr.idNo.replace(/[\s-]/g, '').toUpperCase() };
    await db
      .update(ekycChecks)
      .set({
        state: success ? 'success' : 'failed',
        failureReason: success ? null : outcome,
        frontImgPath: stored.front,
        backImgPath: stored.back ?? null,
        selfieImgPath: stored.selfie,
        ocrData,
        faceScore: outcome === 'faceMismatch' || outcome === 'noFace' ? 31 : 92,
        isIdentical: !(outcome === 'faceMismatch' || outcome === 'noFace'),
        completedAt: new Date(),
      })
      .where(eq(ekycChecks.id, check.id));
    if (success) await prefillPersonal(check, ocrData);
    else app.kh.metrics.providerFailures.inc({ provider: 'ekyc', reason: outcome });
    const back = new URL(check.responseUrl);
    back.searchParams.set('checkId', check.id);
    return reply.redirect(back.toString(), 303);
  });

  /** The personal step starts from what the provider read; the ID address goes through the parser. */
  async function prefillPersonal(check: Check, ocr: OcrFields) {
    const address = check.idKind === PASSPORT ? undefined : parseIdAddress(ocr.idAddress);
    const payload: Record<string, unknown> = {
      name: ocr.name,
      nationalityCode: ocr.nationality,
      identityKind: check.idKind,
      idNo: ocr.idNo,
      gender: ocr.gender === 'M' ? 1 : 2,
      birthDate: ocr.birthDate,
      ...(check.idKind === PASSPORT ? { passportExpiryDate: ocr.expiryDate } : {}),
      ...(address
        ? { addressList: [{ addrType: 1, country: 'MYS', postalCode: address.postCode, state: address.stateCode, city: address.town, address: joinAddressLines(address.lines) }], isSameRegisteredAddr: true }
        : {}),
    };
    await db.insert(applicationSteps).values({ applicationId: check.applicationId, stepId: 'personal', payload }).onConflictDoNothing();
  }
};
