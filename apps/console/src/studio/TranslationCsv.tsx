// The texts out to translators as a CSV and back: the file read is shown as the changes it makes
// (key, language, before and after) and nothing changes until the editor accepts them.
import type { StepTranslations } from '@kh/engine';
import { useState, type ChangeEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { Alert } from '../parts.tsx';
import { readTranslationsCsv, translationsToCsv, withTextChanges, type CsvReading, type TextChange } from './translation-csv.ts';
import type { TranslationRow } from './types.ts';

/** A translator's file is a few hundred rows; anything far larger is not one. */
const MAX_CSV_BYTES = 1_000_000;

export interface TranslationCsvProps {
  stepId: string;
  version: number;
  rows: TranslationRow[];
  translations: StepTranslations;
  editable: boolean;
  onAccept(translations: StepTranslations): void;
}

export function TranslationCsv({ stepId, version, rows, translations, editable, onAccept }: TranslationCsvProps): ReactElement {
  const { t } = useTranslation('console');
  const [reading, setReading] = useState<CsvReading & { file: string }>();
  const [problem, setProblem] = useState<string>();

  const download = () => {
    // A BOM so a spreadsheet opens the Chinese texts as UTF-8.
    const blob = new Blob(['\uFEFF', translationsToCsv(rows, translations)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${stepId}-v${version}-texts.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setReading(undefined);
    setProblem(undefined);
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) return setProblem(t('studio.csv.tooLarge'));
    const answer = readTranslationsCsv(await file.text(), rows, translations);
    if (answer.problem) return setProblem(t(`studio.csv.problem.${answer.problem}`));
    setReading({ ...answer, file: file.name });
  };

  return (
    <div className="studio-csv">
      <div className="studio-csv__actions">
        <button type="button" className="console-button" onClick={download}>
          {t('studio.csv.download')}
        </button>
        {editable && (
          <label className="console-button studio-csv__upload">
            {t('studio.csv.import')}
            <input type="file" accept=".csv,text/csv" onChange={(event) => void read(event)} />
          </label>
        )}
      </div>
      {problem && <Alert kind="error">{problem}</Alert>}
      {reading && (
        <section aria-labelledby="studio-csv-title" className="studio-csv__review">
          <h2 id="studio-csv-title">{t('studio.csv.title', { file: reading.file, count: reading.changes.length })}</h2>
          {reading.unknownKeys.length > 0 && <p className="studio-form__note">{t('studio.csv.unknown', { count: reading.unknownKeys.length, keys: reading.unknownKeys.slice(0, 5).join(', ') })}</p>}
          {reading.changes.length > 0 && (
            <DataTable<TextChange>
              label={t('studio.csv.changes')}
              compact
              className="case-diff"
              rows={reading.changes}
              rowKey={(change) => `${change.language} ${change.key}`}
              columns={[
                { id: 'key', header: t('studio.translations.key'), rowHeader: true, cell: (change) => <code>{change.key}</code> },
                { id: 'language', header: t('studio.csv.language'), cell: (change) => change.language },
                { id: 'before', header: t('history.before'), cell: (change) => <del>{change.before || '—'}</del> },
                { id: 'after', header: t('history.after'), cell: (change) => <ins>{change.after}</ins> },
              ]}
            />
          )}
          <div className="studio-csv__actions">
            {reading.changes.length > 0 && (
              <button
                type="button"
                className="console-button console-button--main"
                onClick={() => {
                  onAccept(withTextChanges(translations, reading.changes));
                  setReading(undefined);
                }}
              >
                {t('studio.csv.accept', { count: reading.changes.length })}
              </button>
            )}
            <button type="button" className="console-button" onClick={() => setReading(undefined)}>
              {reading.changes.length > 0 ? t('studio.csv.reject') : t('studio.csv.close')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
