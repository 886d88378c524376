// Status entry (SPEC §4) and the entry transit: the pages every applicant's first steps pass. The
// other outcome pages are OutcomePages.tsx, a chunk of their own.
import { stepByName, statusEntry, type StepName } from '@kh/flow';
import { PageLayout } from '@kh/ui';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication } from '../app/application.tsx';
import { endpoints } from '../app/services.ts';
import { ApplicationPdfLink, Main, openedMarketNames } from './status-card.tsx';

/** The status screens of SPEC §4. */
const STATUS_TITLES: Record<string, string> = {
  underReview: 'common.submittedTitle',
  successful: 'common.successTitle',
  rejected: 'common.reviewFailedTitle',
  moreInformation: 'common.moreInformationTitle',
  rejectedFinal: 'common.rejectedFinalTitle',
  myInactive: 'common.inactiveTitle',
};

export function StartPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const app = useApplication();
  const snapshot = app.actor.getSnapshot();
  const entry = statusEntry(snapshot.context);
  const [busy, setBusy] = useState(false);
  async function begin() {
    setBusy(true);
    try {
      if (!app.applyId && snapshot.context.mode === 'new') {
        const created = await endpoints.apply.create({ relatedType: 'INIT', invitationCode: app.invitationCode, appSource: app.appSource });
        app.setApplyId(created.applyId!, 'INIT');
      }
      app.actor.send({ type: 'NEXT' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <PageLayout layout="Gradient" title={t('step.start.title')}>
      <div className="status-card">
        <h1 className="status-card__title">{t(STATUS_TITLES[entry.state] ?? 'step.start.title')}</h1>
        <p className="status-card__label">{t(entry.labelKey)}</p>
        {entry.state === 'underReview' && <p>{t('common.processingTime')}</p>}
        {entry.state === 'successful' && <p>{t('common.successBody', { markets: openedMarketNames(app.record.opened ?? 0, i18n.language) })}</p>}
        {entry.state === 'myInactive' && <p>{t('errors.myInactive')}</p>}
        {entry.state === 'rejectedFinal' && <p>{t('common.rejectedFinalText')}</p>}
        {entry.state === 'new' && <p>{t('common.onboardingTime')}</p>}
        <p className="status-card__service">
          {app.service?.phone ? t('common.servicePhoneOf', { phone: app.service.phone }) : t('common.servicePhone')}
          {app.service?.email && (
            <>
              <br />
              {t('common.serviceEmailOf')} <a href={`mailto:${app.service.email}`}>{app.service.email}</a>
            </>
          )}
        </p>
        {(entry.state === 'underReview' || entry.state === 'successful' || entry.state === 'myInactive') && <ApplicationPdfLink />}
        {entry.state === 'successful' && entry.openMoreMarkets ? (
          // Opening more markets is the add-market entry (SPEC §4 supplementary mode).
          <Main onClick={() => window.location.assign('/market/again')} label={t('flow.button.openMoreMarkets')} />
        ) : (
          entry.buttonKey && <Main onClick={() => void begin()} label={t(entry.buttonKey)} disabled={busy || !snapshot.can({ type: 'NEXT' })} />
        )}
      </div>
    </PageLayout>
  );
}


export function TransitPage({ step }: { step: StepName }): ReactElement {
  const { t } = useTranslation();
  const app = useApplication();
  useEffect(() => {
    if (stepByName(step).page.passesThrough) app.actor.send({ type: 'NEXT' });
  }, [step]);
  return (
    <PageLayout layout={stepByName(step).layout} title={t(stepByName(step).titleKey)}>
      <p aria-live="polite">{t('common.loading')}</p>
    </PageLayout>
  );
}
