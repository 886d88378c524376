// The admin's sanctions and PEP lists: import a new version (the UN consolidated list's XML, or a CSV),
// and every version with its SHA-256, what could not be read, and whether it is the live one.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';
import { DataTable, type DataColumn } from '../DataTable.tsx';

interface ListVersion {
  id: string;
  name: string;
  format: 'un-xml' | 'csv';
  version: number;
  sha256: string;
  entryCount: number;
  problems: string[];
  importedAt: string;
  retiredAt: string | null;
}

const FORMATS = ['un-xml', 'csv'] as const;

export function ScreeningListsPage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const [versions, setVersions] = useState<ListVersion[]>();
  const [name, setName] = useState('UN Security Council consolidated list');
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('un-xml');
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const load = useCallback(() => get<ListVersion[]>('screening/lists').then(setVersions, (caught: unknown) => setError(failureMessage(caught, t))), [t]);
  useEffect(() => void load(), [load]);

  const importFile = async () => {
    if (!file) return;
    setBusy(true);
    setDone(undefined);
    try {
      const imported = await post<ListVersion & { problems: string[]; rescreened: { screened: number; hits: number } }>('screening/lists', { name: name.trim(), format, content: await file.text() });
      setError(undefined);
      setDone(`${t('screeningLists.imported', { version: imported.version, name: imported.name, count: imported.entryCount, problems: imported.problems.length })} ${t('screeningLists.rescreened', { screened: imported.rescreened.screened, hits: imported.rescreened.hits })}`);
      void load();
    } catch (caught) {
      setError(failureMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<ListVersion>[] = [
    {
      id: 'name',
      header: t('screeningLists.name'),
      cell: (version) => (
        <>
          {version.name}
          <div className="console-sub">{t(`screeningLists.formats.${version.format}`)}</div>
        </>
      ),
    },
    {
      id: 'version',
      header: t('screeningLists.version'),
      cell: (version) => (
        <>
          {version.version} · {version.retiredAt ? t('screeningLists.retired', { date: formatDate(version.retiredAt, i18n.language) }) : <strong>{t('screeningLists.live')}</strong>}
        </>
      ),
    },
    {
      id: 'entries',
      header: t('screeningLists.entries'),
      cell: (version) => (
        <>
          {version.entryCount}
          {version.problems.length > 0 && (
            <details>
              <summary>{t('screeningLists.problems', { count: version.problems.length })}</summary>
              <ul>
                {version.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      ),
    },
    { id: 'importedAt', header: t('screeningLists.importedAt'), cell: (version) => formatDate(version.importedAt, i18n.language) },
    { id: 'sha256', header: t('screeningLists.sha256'), cell: (version) => <code className="screening-hash">{version.sha256}</code> },
  ];

  return (
    <section aria-labelledby="screening-lists-title">
      <h1 id="screening-lists-title">{t('screeningLists.title')}</h1>
      <p className="console-sub">{t('screeningLists.intro')}</p>
      <form
        className="screening-import"
        onSubmit={(event) => {
          event.preventDefault();
          void importFile();
        }}
      >
        {error && <Alert kind="error">{error}</Alert>}
        {done && <Alert kind="success">{done}</Alert>}
        <label className="console-field">
          <span>{t('screeningLists.name')}</span>
          <input value={name} required maxLength={120} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t('screeningLists.format')}</span>
          <select value={format} onChange={(event) => setFormat(event.target.value as (typeof FORMATS)[number])}>
            {FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`screeningLists.formats.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t('screeningLists.file')}</span>
          <input type="file" accept={format === 'csv' ? '.csv,text/csv' : '.xml,application/xml,text/xml'} required onChange={(event) => setFile(event.target.files?.[0])} />
        </label>
        {format === 'csv' && <p className="console-sub">{t('screeningLists.csvHelp')}</p>}
        <button type="submit" className="console-button" disabled={busy || !file || name.trim() === ''}>
          {busy ? t('screeningLists.importing') : t('screeningLists.import')}
        </button>
      </form>
      {versions && versions.length === 0 && <p>{t('screeningLists.none')}</p>}
      {versions && versions.length > 0 && (
        <DataTable label={t('screeningLists.title')} rows={versions} rowKey={(version) => version.id} columns={columns} />
      )}
    </section>
  );
}
