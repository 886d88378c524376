// Every text the step uses, in the three languages the lint requires, editable in place; a missing
// one is flagged. Malay has no texts of its own: the app shows English, as for every shipped key.
import { STUDIO_LANGUAGES, type StepTranslations } from '@kh/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { textOf } from './text-of.ts';
import { TranslationCsv } from './TranslationCsv.tsx';
import type { TranslationRow } from './types.ts';

export interface TranslationTableProps {
  stepId: string;
  version: number;
  rows: TranslationRow[];
  translations: StepTranslations;
  editable: boolean;
  /** A text typed (`typing`), or a whole file's changes accepted at once. */
  onChange(translations: StepTranslations, how?: { typing?: boolean }): void;
}

export function TranslationTable({ stepId, version, rows, translations, editable, onChange }: TranslationTableProps): ReactElement {
  const { t } = useTranslation('console');
  const missing = rows.filter((row) => STUDIO_LANGUAGES.some((language) => !textOf(row, translations, language))).length;
  const set = (language: (typeof STUDIO_LANGUAGES)[number], key: string, text: string) => {
    // An emptied text stays empty (and the lint says so) rather than quietly showing the shipped one again.
    onChange({ ...translations, [language]: { ...(translations[language] ?? {}), [key]: text } }, { typing: true });
  };
  return (
    <div className="studio-translations">
      <p className={missing ? 'studio-bad' : 'studio-ok'} role="status">
        {missing ? t('studio.translations.missing', { count: missing }) : t('studio.translations.complete')}
      </p>
      <p className="studio-form__note">{t('studio.translations.malay')}</p>
      <TranslationCsv stepId={stepId} version={version} rows={rows} translations={translations} editable={editable} onAccept={(next) => onChange(next)} />
      <DataTable<TranslationRow>
        label={t('studio.tabs.translations')}
        className="studio-translations__table"
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { id: 'key', header: t('studio.translations.key'), rowHeader: true, cell: (row) => <code>{row.key}</code> },
          ...STUDIO_LANGUAGES.map((language) => ({
            id: language,
            header: language,
            cellClassName: (row: TranslationRow) => (textOf(row, translations, language) ? undefined : 'studio-translations__missing'),
            cell: (row: TranslationRow) => {
              const text = textOf(row, translations, language);
              return (
                <input
                  aria-label={t('studio.translations.input', { key: row.key, language })}
                  aria-invalid={!text}
                  value={text}
                  readOnly={!editable}
                  placeholder={t('studio.translations.missingOne')}
                  onChange={(event) => set(language, row.key, event.target.value)}
                />
              );
            },
          })),
        ]}
      />
    </div>
  );
}
