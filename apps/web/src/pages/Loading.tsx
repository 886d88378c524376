// What shows while a page's code or data loads.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function Loading({ message }: { message?: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <p className="boot" aria-live="polite">
      {t('common.loading')}
      {message ? ` ${message}` : ''}
    </p>
  );
}
