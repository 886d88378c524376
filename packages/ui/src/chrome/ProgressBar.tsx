// The progress bar, driven by the flow's percentage.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function ProgressBar({ percent }: { percent: number }): ReactElement {
  const { t } = useTranslation();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={t('common.progress')}>
      <div className="progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}
