// pnpm --filter @kh/server schemas:export --step <step> [--version <n>] [--out <checkout>]
// Writes a published step version back to the checkout, so git stays the record of the defaults:
// schemas/steps/<step>.json and the locale keys it brings (packages/i18n/locales/<lang>/<namespace>.json).
// Reads the database of DATA_DIR (or DATABASE_URL); without --version, the live version.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { STUDIO_LANGUAGES, stepFileText, withTranslations } from '@kh/engine';
import { LOCALES_DIR, SCHEMAS_DIR, loadLocales } from '@kh/engine/node';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { liveVersion, publishedVersion } from '../src/steps/step-versions.ts';

const { values } = parseArgs({ options: { step: { type: 'string' }, version: { type: 'string' }, out: { type: 'string' } } });
// Another checkout (or a test's folder) instead of this one.
const stepsDir = values.out ? join(values.out, 'schemas/steps') : join(SCHEMAS_DIR, 'steps');
const localesDir = values.out ? join(values.out, 'packages/i18n/locales') : LOCALES_DIR;
if (!values.step) {
  console.error('Usage: pnpm --filter @kh/server schemas:export --step <step> [--version <n>] [--out <checkout>]');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
try {
  const version = values.version !== undefined ? Number(values.version) : await liveVersion(database.db, values.step);
  const { document, translations } = await publishedVersion(database.db, values.step, version);
  mkdirSync(stepsDir, { recursive: true });
  writeFileSync(join(stepsDir, `${values.step}.json`), stepFileText(document));
  const before = loadLocales();
  const after = withTranslations(before, translations);
  let files = 0;
  for (const language of STUDIO_LANGUAGES)
    for (const [namespace, messages] of Object.entries(after[language] ?? {}))
      if (JSON.stringify(messages) !== JSON.stringify(before[language]?.[namespace])) {
        mkdirSync(join(localesDir, language), { recursive: true });
        writeFileSync(join(localesDir, language, `${namespace}.json`), `${JSON.stringify(messages, null, 2)}\n`);
        files++;
      }
  console.log(`Wrote ${values.step} version ${version} to schemas/steps/${values.step}.json and ${files} locale files. Run pnpm schemas:lint and pnpm build:validators, then commit.`);
} finally {
  await database.close();
}
