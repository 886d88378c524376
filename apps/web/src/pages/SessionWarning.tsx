// Two minutes before the session ends the applicant is told, with a way to stay (ASVS 3.3.2, WCAG
// 2.2.1): "Stay signed in" makes the session used now; at its 12-hour limit nothing can extend it,
// so the warning says when, and that the answers are kept. When the time runs out the login page
// says why and returns to the page after. Nothing typed is lost: drafts stay on the device.
import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, sessionEnded } from '../app/services.ts';
import { WARN_BEFORE_MS, onSessionTiming, sessionEnd, sessionLimits, setSessionLimits } from '../app/session-timing.ts';

export function SessionWarning(): ReactElement | null {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [dismissedLimit, setDismissedLimit] = useState(false);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    const stop = onSessionTiming(() => setNow(Date.now()));
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);
  const end = sessionEnd();
  const left = end ? end.at - now : Infinity;
  useEffect(() => {
    if (end && left <= 0) sessionEnded();
  }, [end?.at, left <= 0]);
  const open = !!end && left > 0 && left <= WARN_BEFORE_MS && !(end.reason === 'limit' && dismissedLimit);
  useLayoutEffect(() => {
    if (open) stay.current?.focus();
  }, [open]);
  if (!open || !end) return null;
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  const at = new Date(end.at).toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="session-warning-title" aria-describedby="session-warning-body">
        <h2 id="session-warning-title" className="dialog__title">
          {t('common.sessionEndingTitle', { count: minutes })}
        </h2>
        <p id="session-warning-body" className="dialog__message">
          {end.reason === 'idle' ? t('common.sessionIdleBody', { time: at, idleMinutes: sessionLimits()?.idleMinutes ?? 30 }) : t('common.sessionLimitBody', { time: at })}
        </p>
        <div className="dialog__actions">
          {end.reason === 'idle' ? (
            <button
              type="button"
              className="button"
              ref={stay}
              onClick={() => void endpoints.passport.keepSession().then(setSessionLimits, () => undefined)}
            >
              {t('common.staySignedIn')}
            </button>
          ) : (
            <button type="button" className="button" ref={stay} onClick={() => setDismissedLimit(true)}>
              {t('common.understood')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
