// The texts' CSV round trip: what is written reads back as no change; a translator's edits read back
// as exactly those changes; formula guards come off; a file that is not the step's texts changes nothing.
import { describe, expect, it } from 'vitest';
import { readTranslationsCsv, translationsToCsv, withTextChanges } from '../src/studio/translation-csv.ts';
import type { TranslationRow } from '../src/studio/types.ts';

const rows: TranslationRow[] = [
  { key: 'field.contact.email.label', texts: { en: 'Email', 'zh-HK': '電郵', 'zh-CN': '电子邮箱' } },
  { key: 'field.contact.branch.label', texts: { en: null, 'zh-HK': null, 'zh-CN': null } },
  { key: 'field.contact.note.label', texts: { en: '=1+1 is not a formula, "quoted", with, commas\nand a line', 'zh-HK': '備註', 'zh-CN': '备注' } },
];
const translations = { en: { 'field.contact.branch.label': 'Preferred branch' } };

describe('the texts as CSV', () => {
  it('reads its own export back as no change, whatever the texts hold', () => {
    const csv = translationsToCsv(rows, translations);
    expect(csv.split('\r\n')[0]).toBe('key,en,zh-HK,zh-CN');
    // A spreadsheet would run =1+1: it is written with the guard…
    expect(csv).toContain(`"'=1+1`);
    // …and read back without it.
    expect(readTranslationsCsv(csv, rows, translations)).toEqual({ changes: [], unknownKeys: [] });
  });

  it('reads a translator’s edits as exactly those changes, and names keys the step does not use', () => {
    const edited = [
      'key,en,zh-HK,zh-CN',
      'field.contact.email.label,E-mail address,電郵,电子邮箱',
      'field.contact.branch.label,Preferred branch,首選分行,',
      'field.contact.gone.label,Gone,,',
    ].join('\n');
    const reading = readTranslationsCsv(`\uFEFF${edited}`, rows, translations);
    expect(reading.unknownKeys).toEqual(['field.contact.gone.label']);
    expect(reading.changes).toEqual([
      { key: 'field.contact.email.label', language: 'en', before: 'Email', after: 'E-mail address' },
      { key: 'field.contact.branch.label', language: 'zh-HK', before: '', after: '首選分行' },
    ]);
    // An empty cell (branch in zh-CN) changes nothing; accepting changes only what was listed.
    const next = withTextChanges(translations, reading.changes);
    expect(next).toEqual({ en: { 'field.contact.branch.label': 'Preferred branch', 'field.contact.email.label': 'E-mail address' }, 'zh-HK': { 'field.contact.branch.label': '首選分行' } });
    expect(translations).toEqual({ en: { 'field.contact.branch.label': 'Preferred branch' } });
  });

  it('takes only the languages the file has, and refuses a file that is not the texts', () => {
    const onlyChinese = readTranslationsCsv('key,zh-CN\nfield.contact.email.label,邮箱', rows, translations);
    expect(onlyChinese.changes).toEqual([{ key: 'field.contact.email.label', language: 'zh-CN', before: '电子邮箱', after: '邮箱' }]);
    expect(readTranslationsCsv('name,en\nx,y', rows, translations).problem).toBe('noKeyColumn');
    expect(readTranslationsCsv('key,fr\nfield.contact.email.label,Courriel', rows, translations).problem).toBe('noLanguageColumn');
    expect(readTranslationsCsv('key,en\nfield.contact.email.label,"never closed', rows, translations).problem).toBe('unreadable');
  });
});
