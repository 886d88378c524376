// Every text the step uses, in the three languages the lint requires, editable in place; a missing
// one is flagged. Malay has no texts of its own: the app shows English, as for every shipped key.
import { STUDIO_LANGUAGES, type StepTranslations } from '@kh/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroller } from '../parts.tsx';
import type { TranslationRow } from './types.ts';

export interface TranslationTableProps {
  rows: TranslationRow[];
  translations: StepTranslations;
  editable: boolean;
  onChange(translations: StepTranslations): void;
}

/** The text a key shows in a language: the version's own, else the shipped one the server reported. */
export const textOf = (row: TranslationRow, translations: StepTranslations, language: (typeof STUDIO_LANGUAGES)[number]) => translations[language]?.[row.key] ?? row.texts[language] ?? '';

export function TranslationTable({ rows, translations, editable, onChange }: TranslationTableProps): ReactElement {
  const { t } = useTranslation('console');
  const missing = rows.filter((row) => STUDIO_LANGUAGES.some((language) => !textOf(row, translations, language))).length;
  const set = (language: (typeof STUDIO_LANGUAGES)[number], key: string, text: string) => {
    // An emptied text stays empty (and the lint says so) rather than quietly showing the shipped one again.
    onChange({ ...translations, [language]: { ...(translations[language] ?? {}), [key]: text } });
  };
  return (
    <div className="studio-translations">
      <p className={missing ? 'studio-bad' : 'studio-ok'} role="status">
        {missing ? t('studio.translations.missing', { count: missing }) : t('studio.translations.complete')}
      </p>
      <p className="studio-form__note">{t('studio.translations.malay')}</p>
      <TableScroller label={t('studio.tabs.translations')}>
        <table className="console-table studio-translations__table">
          <thead>
            <tr>
              <th scope="col">{t('studio.translations.key')}</th>
              {STUDIO_LANGUAGES.map((language) => (
                <th key={language} scope="col">
                  {language}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <code>{row.key}</code>
                </th>
                {STUDIO_LANGUAGES.map((language) => {
                  const text = textOf(row, translations, language);
                  return (
                    <td key={language} className={text ? undefined : 'studio-translations__missing'}>
                      <input
                        aria-label={t('studio.translations.input', { key: row.key, language })}
                        aria-invalid={!text}
                        value={text}
                        readOnly={!editable}
                        placeholder={t('studio.translations.missingOne')}
                        onChange={(event) => set(language, row.key, event.target.value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </div>
  );
}
