// What a version changes from the one it started from: fields, payload keys and texts (the engine's
// diffStepVersions, the same the server records), for the author as they edit and the reviewer.
import type { StepVersionDiff } from '@kh/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function VersionChanges({ diff, basedOn }: { diff: StepVersionDiff; basedOn: number }): ReactElement {
  const { t } = useTranslation('console');
  const none = diff.fields.length + diff.step.length + diff.payload.added.length + diff.payload.removed.length + diff.translations.length === 0;
  return (
    <div className="studio-changes">
      <p>{t('studio.changes.from', { version: basedOn === 0 ? t('studio.builtIn') : t('studio.versionN', { version: basedOn }) })}</p>
      {none && <p>{t('studio.changes.none')}</p>}
      {diff.fields.length > 0 && (
        <>
          <h2>{t('studio.changes.fields')}</h2>
          <ul>
            {diff.fields.map((f) => (
              <li key={`${f.id} ${f.change}`}>
                <code>{f.id}</code> {t(`studio.changes.${f.change}`)}
                {f.properties?.length ? `: ${f.properties.join(', ')}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.step.length > 0 && <p>{t('studio.changes.step', { properties: diff.step.join(', ') })}</p>}
      {(diff.payload.added.length > 0 || diff.payload.removed.length > 0) && (
        <>
          <h2>{t('studio.changes.payload')}</h2>
          <ul>
            {diff.payload.added.map((key) => (
              <li key={`+${key}`}>
                <code>{key}</code> {t('studio.changes.added')}
              </li>
            ))}
            {diff.payload.removed.map((key) => (
              <li key={`-${key}`} className="studio-bad">
                <code>{key}</code> {t('studio.changes.removed')}
              </li>
            ))}
          </ul>
        </>
      )}
      {diff.translations.length > 0 && (
        <>
          <h2>{t('studio.changes.texts')}</h2>
          <ul>
            {diff.translations.map((c) => (
              <li key={`${c.language} ${c.key}`}>
                <code>{c.key}</code> ({c.language}): {c.before ? <del>{c.before}</del> : null} {c.after ? <ins>{c.after}</ins> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
