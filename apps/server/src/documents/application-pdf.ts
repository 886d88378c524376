// The signed application as a PDF: every answer of every step the application required, the
// agreements accepted and the signature, as submitted. The applicant downloads it after submitting,
// and it goes with the approval e-mail. Labelled in English, the broker's record; the answers as
// typed, Chinese included. What it says is gathered here; it is drawn in the PDF worker thread
// (pdf-rendering.ts), because cutting and embedding its fonts takes half a second of CPU.
import { translate } from '@kh/i18n';
import { answerText, type FormData } from '@kh/engine';
import type { ServerContext } from '../context.ts';
import { answersOf, requiredSteps, type Application } from '../applications/index.ts';
import { AS_GIVEN, answeredVersion } from '../steps/index.ts';
import { compileStep, contextFrom } from '../steps/index.ts';
import { Content } from './pdf-rendering.ts';

type Text = (key: string) => string;

export async function applicationPdf({ db, config, storage, pdf }: Pick<ServerContext, 'db' | 'config' | 'storage' | 'pdf'>, application: Application): Promise<Uint8Array> {
  const { payloads, versions } = await answersOf(db, application.id);
  const context = contextFrom(payloads, application);
  const writer = new Content();
  writer.heading('Account opening application', 18);
  writer.line('Application', application.id);
  writer.line('Submitted', application.submittedAt ? application.submittedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'not yet');
  for (const stepId of requiredSteps(config, application)) {
    // Each answer as it was given: through the studio version it is pinned to, with that version's texts.
    const version = await answeredVersion(db, stepId, versions[stepId], AS_GIVEN);
    const compiled = compileStep(stepId, context, { version });
    const text: Text = (key) => version.translations.en?.[key] ?? translate('en', key);
    const data: FormData = compiled.fromPayload(payloads[stepId] ?? {});
    writer.heading(text(`step.${stepId}.title`));
    for (const field of compiled.valueFields) {
      if (!compiled.isVisible(field.id, data)) continue;
      const value = data[field.id];
      if (field.widget === 'signature' && typeof value === 'string') {
        const image = await storage.get(value).catch(() => undefined);
        if (image) writer.image(image, text(field.labelKey ?? 'field.signature.signature.label'));
        continue;
      }
      if (field.widget === 'upload') {
        if (value) writer.line(text(field.labelKey ?? field.id), 'document on file');
        continue;
      }
      const shown = answerText(value, compiled.options[field.id], { text, label: (label) => label.en ?? Object.values(label)[0] ?? '', yes: 'Yes', no: 'No', join: (values) => values.join(', ') });
      if (shown) writer.line(field.labelKey ? text(field.labelKey) : field.id, shown);
    }
  }
  return pdf.application(writer.items);
}
