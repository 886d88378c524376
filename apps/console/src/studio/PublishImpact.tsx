// What publishing the opened version would do, in words, before anyone does it: the open
// applications that answered the step, the keys it drops and who holds them, the stored answers it
// would refuse (from a sample, said as one), the fields and the texts it changes in each language.
import { STUDIO_LANGUAGES } from '@kh/engine';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
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

export function PublishImpact({ stepId, version, revision }: { stepId: string; version: number; /** Changes when the version is saved again. */ revision: string }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const [impact, setImpact] = useState<Impact>();
  const [error, setError] = useState('');
  useEffect(() => {
    setImpact(undefined);
    get<Impact>(`studio/steps/${stepId}/versions/${version}/impact`).then(setImpact, (caught: unknown) => setError(failureMessage(caught, t)));
  }, [stepId, version, revision, t]);
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  return (
    <section aria-labelledby="studio-impact-title" className="studio-impact">
      <h2 id="studio-impact-title">{t('studio.impact.title')}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {!impact && !error && <p>{t('case.loading')}</p>}
      {impact && (
        <ul>
          <li>
            {impact.openAnswered > impact.countCap
              ? t('studio.impact.openMore', { n: `${impact.countCap.toLocaleString(i18n.language)}+`, onLive: impact.onLive > impact.countCap ? `${impact.countCap.toLocaleString(i18n.language)}+` : impact.onLive.toLocaleString(i18n.language) })
              : t('studio.impact.open', { count: impact.openAnswered, onLive: impact.onLive })}
          </li>
          {impact.dropped.map((drop) => (
            <li key={drop.key} className={drop.holding > 0 ? 'studio-bad' : undefined}>
              {t(drop.holding > 0 ? 'studio.impact.dropsHeld' : 'studio.impact.drops', { key: drop.key, count: drop.holding })}
            </li>
          ))}
          {impact.refused && (
            <li className={impact.refused.refused > 0 ? 'studio-bad' : undefined}>
              {impact.refused.refused === 0
                ? t('studio.impact.noneRefused', { count: impact.refused.checked })
                : t('studio.impact.refused', {
                    count: impact.refused.refused,
                    checked: impact.refused.checked,
                    fields: list(Object.entries(impact.refused.byField).map(([field, n]) => t('studio.impact.fieldCount', { field, count: n }))),
                  })}
            </li>
          )}
          {impact.refused && impact.refused.alreadyRefused > 0 && <li>{t('studio.impact.alreadyRefused', { count: impact.refused.alreadyRefused })}</li>}
          {(['added', 'removed', 'changed'] as const).map((change) => impact.fields[change].length > 0 && <li key={change}>{t(`studio.impact.fields.${change}`, { fields: list(impact.fields[change]) })}</li>)}
          <li>
            {STUDIO_LANGUAGES.some((language) => impact.texts[language])
              ? t('studio.impact.texts', { languages: list(STUDIO_LANGUAGES.filter((language) => impact.texts[language]).map((language) => t('studio.impact.textsIn', { count: impact.texts[language], language: LANGUAGE_NAMES[language] ?? language }))) })
              : t('studio.impact.noTexts')}
          </li>
        </ul>
      )}
    </section>
  );
}
