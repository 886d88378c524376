// A path the flow does not know, or a page that could not load its data (SPEC §8): no application needed.
import { PageLayout } from '@kh/ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function NotFoundPage({ networkError }: { networkError: boolean }): ReactElement {
  const { t } = useTranslation();
  return (
    <PageLayout layout="Pure" title={t('step.notFound.title')}>
      <p>{networkError ? t('flow.notFound.networkError') : t('flow.notFound.missingPage')}</p>
      <a className="button" href="/status/entry">
        {t('step.start.title')}
      </a>
    </PageLayout>
  );
}
