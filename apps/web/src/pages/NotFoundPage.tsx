// A path the flow does not know, or a page that could not load its data (SPEC §8): no application needed.
import { PageLayout } from '@kh/ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function NotFoundPage({ networkError, onRetry }: { networkError: boolean; onRetry?: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <PageLayout layout="Pure" title={networkError ? t('flow.notFound.networkErrorTitle') : t('step.notFound.title')}>
      {/* The missing page's title says it all; a network error says what to do. */}
      {networkError && <p>{t('flow.notFound.networkError')}</p>}
      {onRetry && (
        <button type="button" className="button button--main" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      )}
      <a className={onRetry ? 'button button--secondary' : 'button'} href="/status/entry">
        {t('step.start.title')}
      </a>
    </PageLayout>
  );
}
