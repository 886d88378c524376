// What a version changes from the one it started from: fields, payload keys and texts (the engine's
// diffStepVersions, the same the server records), for the author as they edit and the reviewer.
import type { Rule, StepSchema, StepVersionDiff } from '@kh/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleSentence, type RuleWords } from './rule-sentence.ts';

/** A property's value in words: a rule as its sentence, rules by name and bounds, choices by their source; else its JSON, short. */
function valueInWords(property: string, value: unknown, document: StepSchema | undefined, words: RuleWords): string {
  if (value === undefined) return property === 'visibleWhen' ? words.t('studio.rule.alwaysShown') : words.t('studio.changes.notGiven');
  if (property === 'visibleWhen' && document) return words.t('studio.rule.shownWhen', { sentence: ruleSentence(value as Rule, document, words) });
  if (property === 'rules' && Array.isArray(value))
    return value.map((rule: Record<string, unknown>) => [rule.rule, ...Object.entries(rule).filter(([k]) => k !== 'rule').map(([k, v]) => `${k} ${JSON.stringify(v)}`)].join(' ')).join(', ');
  if (property === 'dataSource' && value && typeof value === 'object') {
    const source = value as { dictionary?: string; options?: unknown[] };
    return source.dictionary ? words.t('studio.changes.dictionary', { name: source.dictionary }) : words.t('studio.changes.choices', { count: source.options?.length ?? 0 });
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function VersionChanges({ diff, basedOn, before, after, words }: { diff: StepVersionDiff; basedOn: number; before?: StepSchema; after?: StepSchema; words: RuleWords }): ReactElement {
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
                {f.properties?.length && !f.values ? `: ${f.properties.join(', ')}` : ''}
                {f.values && (
                  <ul className="studio-changes__values">
                    {Object.entries(f.values).map(([property, value]) => (
                      <li key={property}>
                        {property}: <del>{valueInWords(property, value.before, before, words)}</del> → <ins>{valueInWords(property, value.after, after, words)}</ins>
                      </li>
                    ))}
                  </ul>
                )}
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
