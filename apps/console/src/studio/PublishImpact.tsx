// What publishing the opened version would do, in words, before anyone does it: the open
// applications that answered the step, the keys it drops and who holds them, the stored answers it
// would refuse (from a sample, said as one), the fields and the texts it changes in each language.
import { STUDIO_LANGUAGES } from '@kh/engine';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { failureMessage, get } from '../api.ts';
import { CONSOLE_LANGUAGES } from '../i18n.ts';
import { Alert } from '../parts.tsx';

export interface Impact {
  liveVersion: number;
  openAnswered: number;
  onLive: number;
  /** Counts stop one past this: above it, "more than". */
  countCap: number;
  dropped: { key: string; holding: number }[];
  /** New refusals only: answers the live version accepts and this one refuses; those both refuse apart. */
  refused: { checked: number; refused: number; alreadyRefused: number; byField: Record<string, number> } | null;
  fields: { added: string[]; removed: string[]; changed: string[] };
  texts: Record<string, number>;
}

const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(CONSOLE_LANGUAGES);

/** What publishing would do, line by line, in the editor's words: the statement, and the publish's question. */
export function impactLines(impact: Impact, t: TFunction<'console'>, language: string): { text: string; bad?: boolean }[] {
  const list = (items: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  const capped = (n: number) => (n > impact.countCap ? `${impact.countCap.toLocaleString(language)}+` : n.toLocaleString(language));
  const lines: { text: string; bad?: boolean }[] = [
    { text: impact.openAnswered > impact.countCap ? t('studio.impact.openMore', { n: capped(impact.openAnswered), onLive: capped(impact.onLive) }) : t('studio.impact.open', { count: impact.openAnswered, onLive: impact.onLive }) },
    ...impact.dropped.map((drop) => ({ text: t(drop.holding > 0 ? 'studio.impact.dropsHeld' : 'studio.impact.drops', { key: drop.key, count: drop.holding }), bad: drop.holding > 0 })),
  ];
  if (impact.refused)
    lines.push({
      bad: impact.refused.refused > 0,
      text:
        impact.refused.refused === 0
          ? t('studio.impact.noneRefused', { count: impact.refused.checked })
          : t('studio.impact.refused', {
              count: impact.refused.refused,
              checked: impact.refused.checked,
              fields: list(Object.entries(impact.refused.byField).map(([field, n]) => t('studio.impact.fieldCount', { field, count: n }))),
            }),
    });
  if (impact.refused && impact.refused.alreadyRefused > 0) lines.push({ text: t('studio.impact.alreadyRefused', { count: impact.refused.alreadyRefused }) });
  for (const change of ['added', 'removed', 'changed'] as const) if (impact.fields[change].length > 0) lines.push({ text: t(`studio.impact.fields.${change}`, { fields: list(impact.fields[change]) }) });
  lines.push({
    text: STUDIO_LANGUAGES.some((language) => impact.texts[language])
      ? t('studio.impact.texts', { languages: list(STUDIO_LANGUAGES.filter((each) => impact.texts[each]).map((each) => t('studio.impact.textsIn', { count: impact.texts[each], language: LANGUAGE_NAMES[each] ?? each }))) })
      : t('studio.impact.noTexts'),
  });
  return lines;
}

export function PublishImpact({ stepId, version, revision, onLoaded }: { stepId: string; version: number; /** Changes when the version is saved again. */ revision: string; /** The statement once read (undefined while it loads again). */ onLoaded?(impact: Impact | undefined): void }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const [impact, setImpact] = useState<Impact>();
  const [error, setError] = useState('');
  const told = useRef(onLoaded);
  told.current = onLoaded;
  useEffect(() => {
    setImpact(undefined);
    told.current?.(undefined);
    get<Impact>(`studio/steps/${stepId}/versions/${version}/impact`).then(
      (answer) => {
        setImpact(answer);
        told.current?.(answer);
      },
      (caught: unknown) => setError(failureMessage(caught, t)),
    );
  }, [stepId, version, revision, t]);
  return (
    <section aria-labelledby="studio-impact-title" className="studio-impact">
      <h2 id="studio-impact-title">{t('studio.impact.title')}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {!impact && !error && <p>{t('case.loading')}</p>}
      {impact && (
        <ul>
          {impactLines(impact, t, i18n.language).map((line, index) => (
            <li key={index} className={line.bad ? 'studio-bad' : undefined}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
