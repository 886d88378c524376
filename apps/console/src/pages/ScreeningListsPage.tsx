// The admin's sanctions and PEP lists: import a new version (the UN consolidated list's XML, or a CSV),
// and every version with its SHA-256, what could not be read, and whether it is the live one. An
// import runs as a job: the page follows it (importing, then every customer and case screened against
// it), and a version that failed says why.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, upload } from '../api.ts';
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
  state: 'importing' | 'live' | 'retired' | 'failed';
  failure: string | null;
  rescreen: { state: 'running' | 'done' | 'failed'; screened: number; hits: number; finishedAt: string | null; failure: string | null } | null;
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
  // While an import or its screening of everyone runs, the page follows it.
  const running = versions?.some((version) => version.state === 'importing' || version.rescreen?.state === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [running, load]);

  const importFile = async () => {
    if (!file) return;
    setBusy(true);
    setDone(undefined);
    try {
      const imported = await upload<ListVersion>('screening/lists', file, { name: name.trim(), format });
      setError(undefined);
      setDone(t('screeningLists.started', { version: imported.version, name: imported.name }));
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
          {version.version} ·{' '}
          {version.state === 'retired' && version.retiredAt ? (
            t('screeningLists.retired', { date: formatDate(version.retiredAt, i18n.language) })
          ) : version.state === 'live' ? (
            <strong>{t('screeningLists.live')}</strong>
          ) : version.state === 'importing' ? (
            <span role="status">{t('screeningLists.stateImporting')}</span>
          ) : (
            <strong className="studio-bad">{t('screeningLists.stateFailed', { why: version.failure ?? '' })}</strong>
          )}
          {version.rescreen && (
            <div className="console-sub" role={version.rescreen.state === 'running' ? 'status' : undefined}>
              {t(`screeningLists.rescreen.${version.rescreen.state}`, { screened: version.rescreen.screened, hits: version.rescreen.hits, why: version.rescreen.failure ?? '' })}
            </div>
          )}
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
