// Arriving on a step is a new page to the applicant: it opens at the top, as a page load would
// (the previous step was usually scrolled to its Next button), and the browser tab names it.
import { stepByName, type StepName } from '@kh/flow';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useStepArrival(step: StepName): void {
  const { t } = useTranslation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);
  useEffect(() => {
    const service = t('step.start.title');
    const title = t(stepByName(step).titleKey);
    document.title = title === service ? service : `${title} – ${service}`;
  }, [step, t]);
}
