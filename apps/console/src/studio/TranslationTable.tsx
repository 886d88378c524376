// Every text the step uses, in the three languages the lint requires, editable in place; a missing
// one is flagged, and so is a translation whose English changed since it was made, until it is
// translated again or confirmed. Malay has no texts of its own: the app shows English, as for every shipped key.
import { STUDIO_LANGUAGES, type OutdatedText, type StepSchema, type StepTranslations, type StudioLanguage } from '@kh/engine';
import { steps as shippedSteps } from '../schemas.ts';
import { otherStepsUsing, textOwner } from './text-owners.ts';
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
  /** Translations made from an English that has changed since. */
  outdated: OutdatedText[];
  /** The translation still says what the changed English says. */
  onConfirm(language: StudioLanguage, key: string): void;
  busy: boolean;
  /** The document the texts are of: each text says whose it is. */
  document: StepSchema | undefined;
  /** A field's name in the editor's language. */
  fieldName(id: string): string;
}

export function TranslationTable({ stepId, version, rows, translations, editable, onChange, outdated, onConfirm, busy, document, fieldName }: TranslationTableProps): ReactElement {
  const { t } = useTranslation('console');
  // A step always has texts (its title at least): none means they are still being read, never "all there".
  if (rows.length === 0) return <p role="status">{t('studio.translations.reading')}</p>;
  const whose = (key: string): string => {
    const owner = document ? textOwner(document, key) : { kind: 'shared' as const };
    const others = otherStepsUsing(key, stepId, shippedSteps);
    const own =
      owner.kind === 'field'
        ? t(`studio.translations.owner.${owner.part}`, { field: fieldName(owner.fieldId) })
        : owner.kind === 'option'
          ? t('studio.translations.owner.option', { field: fieldName(owner.fieldId), value: owner.value })
          : t(`studio.translations.owner.${owner.kind}`);
    return others.length ? `${own} · ${t('studio.translations.alsoIn', { steps: others.join(', ') })}` : own;
  };
  const isOutdated = (language: StudioLanguage, key: string) => outdated.some((each) => each.language === language && each.key === key);
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
      {outdated.length > 0 && (
        <p className="studio-bad" role="status">
          {t('studio.translations.outdated', { count: outdated.length })}
        </p>
      )}
      <p className="studio-form__note">{t('studio.translations.malay')}</p>
      <TranslationCsv stepId={stepId} version={version} rows={rows} translations={translations} editable={editable} onAccept={(next) => onChange(next)} />
      <DataTable<TranslationRow>
        label={t('studio.tabs.translations')}
        className="studio-translations__table"
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          {
            id: 'key',
            header: t('studio.translations.key'),
            rowHeader: true,
            cell: (row) => (
              <>
                <span className="studio-translations__owner">{whose(row.key)}</span>
                <code>{row.key}</code>
              </>
            ),
          },
          ...STUDIO_LANGUAGES.map((language) => ({
            id: language,
            header: language,
            cellClassName: (row: TranslationRow) => (!textOf(row, translations, language) ? 'studio-translations__missing' : isOutdated(language, row.key) ? 'studio-translations__outdated' : undefined),
            cell: (row: TranslationRow) => {
              const text = textOf(row, translations, language);
              const stale = isOutdated(language, row.key);
              const noteId = `studio-outdated-${language}-${row.key}`;
              return (
                <>
                  <input
                    aria-label={t('studio.translations.input', { key: row.key, language })}
                    aria-invalid={!text}
                    aria-describedby={stale ? noteId : undefined}
                    value={text}
                    readOnly={!editable}
                    placeholder={t('studio.translations.missingOne')}
                    onChange={(event) => set(language, row.key, event.target.value)}
                  />
                  {stale && (
                    <span className="studio-translations__stale">
                      <span id={noteId}>{t('studio.translations.outdatedOne')}</span>
                      {editable && (
                        <button type="button" className="console-button console-button--link" disabled={busy} onClick={() => onConfirm(language, row.key)} aria-label={t('studio.translations.confirmOne', { key: row.key, language })}>
                          {t('studio.translations.confirm')}
                        </button>
                      )}
                    </span>
                  )}
                </>
              );
            },
          })),
        ]}
      />
    </div>
  );
}
