// The progress bar: the flow's three segments (contact, your profile, declarations; SPEC §2), the
// current one marked, over the flow's percentage.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const SEGMENT_KEYS = ['common.segmentContact', 'common.segmentProfile', 'common.segmentDeclarations'];

export function ProgressBar({ percent, segment }: { percent: number; segment?: number | null }): ReactElement {
  const { t } = useTranslation();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress-wrap">
      {typeof segment === 'number' && (
        <ol className="progress__segments" aria-label={t('common.progress')}>
          {SEGMENT_KEYS.map((key, index) => (
            <li key={key} className={index < segment ? 'progress__segment progress__segment--done' : index === segment ? 'progress__segment progress__segment--current' : 'progress__segment'} aria-current={index === segment ? 'step' : undefined}>
              {t(key)}
            </li>
          ))}
        </ol>
      )}
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={t('common.progress')}>
        <div className="progress__fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
