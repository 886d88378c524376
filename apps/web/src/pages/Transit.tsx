// What the transit and failure pages share: the "Loading..." screen, the failure text with Retry,
// and polling (every 300 ms, up to 20 times) that stops when the page goes away.
import { poll } from '@kh/api';
import { PageLayout } from '@kh/ui';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication } from '../app/application.tsx';

export function usePollUntil<T>(attempt: () => Promise<T>, done: (value: T) => boolean, onAnswer: (value: T) => void | Promise<void>, onGiveUp: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void poll(attempt, done)
      .then((value) => live && onAnswer(value))
      .catch(() => live && onGiveUp());
    return () => {
      live = false;
    };
  }, [enabled]);
}

export function TransitScreen({ titleKey }: { titleKey: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <PageLayout layout="Pure" title={t(titleKey)}>
      <p aria-live="polite">{t('common.loading')}</p>
    </PageLayout>
  );
}

export function FailureScreen({ titleKey, message }: { titleKey: string; message: string }): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  return (
    <PageLayout layout="Default" title={t(titleKey)}>
      <p className="field__error" role="alert">
        {message}
      </p>
      <button type="button" className="button button--main" onClick={() => app.actor.send({ type: 'NEXT' })}>
        {t('errors.retry')}
      </button>
    </PageLayout>
  );
}
