// The sandbox identity provider's page (behind h5RedirectUrl): photos of the ID front and back and a
// selfie, the OCR fields to confirm, and a sandbox control that forces the outcome. Then back to
// responseUrl, as the real provider does.
import { and, eq, like } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { checkImagePixels } from '../documents/index.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@kh/i18n';
import { ekycChecks } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';
import { EKYC_FAILURE_REASONS, tokenHash, type EkycFailureReason } from './ekyc.ts';
import { PASSPORT_KIND, expectedOcr, recordOutcome, type Check, type EkycOutcome, type OcrFields } from './ekyc-outcome.ts';
import { html, sendPage, type Markup } from '../sandbox/html.ts';

const PHOTO_TYPES = new Set(['jpg', 'png', 'webp', 'bmp', 'gif']);

/** The sandbox "reads" what was typed, and a sample address from a MyKad. */
function defaultOcr(check: Check): OcrFields {
  return { ...expectedOcr(check), idAddress: check.idKind === PASSPORT_KIND ? '' : 'NO 12 JALAN AMPANG 50450 KUALA LUMPUR WILAYAH PERSEKUTUAN' };
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
  const passport = check.idKind === PASSPORT_KIND;
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
    // Only the sandbox's own checks: a real provider's check is settled by that provider alone.
    const [check] = await db.select().from(ekycChecks).where(and(eq(ekycChecks.id, id), eq(ekycChecks.pageTokenHash, tokenHash(token)), like(ekycChecks.provider, 'sandbox-%')));
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
    const passport = check.idKind === PASSPORT_KIND;
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

    const failed = outcome !== 'success';
    const faceFailed = outcome === 'faceMismatch' || outcome === 'noFace';
    const images: EkycOutcome['images'] = Object.fromEntries(Object.entries(photos).filter(([name]) => ['front', 'back', 'selfie'].includes(name)));
    await recordOutcome(db, storage, check.id, { failureReason: failed ? (outcome as EkycFailureReason) : undefined, images, ocr, faceScore: faceFailed ? 31 : 92, isIdentical: !faceFailed });
    if (failed) app.kh.metrics.providerFailures.inc({ provider: 'ekyc', reason: outcome });
    const back = new URL(check.responseUrl);
    back.searchParams.set('checkId', check.id);
    return reply.redirect(back.toString(), 303);
  });
};
