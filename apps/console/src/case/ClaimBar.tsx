// Who works the case: claim it, see who holds it, and (a supervisor) hand it to someone else.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, post } from '../api.ts';
import { Alert, useColleagues } from '../parts.tsx';
import { can, type Staff } from '../session.tsx';
import type { CaseView } from './types.ts';

export function ClaimBar({ view, me, onChanged }: { view: CaseView; me: Staff; onChanged(): void }): ReactElement {
  const { t } = useTranslation('console');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string>();
  const supervisor = can(me, 'cases.assign');
  const colleagues = useColleagues(supervisor);
  const run = (path: string, body?: unknown) =>
    post(`applications/${encodeURIComponent(view.application.id)}/${path}`, body)
      .then(() => {
        setError(undefined);
        onChanged();
      })
      .catch((caught: unknown) => {
        setError(failureMessage(caught, t));
        // Refused (a colleague claimed it first): the case is read again, so the bar says who holds it and offers no claim.
        onChanged();
      });
  const holder = view.application.assignedTo;
  return (
    <div className="case-claim">
      {error && <Alert kind="error">{error}</Alert>}
      <p>{holder === me.id ? t('case.claimed') : holder ? t('case.heldBy', { name: view.assigneeName ?? '?' }) : t('case.unclaimed')}</p>
      {!holder && (
        <button type="button" className="console-button" onClick={() => void run('claim')}>
          {t('case.claim')}
        </button>
      )}
      {supervisor && (
        <form
          className="case-claim__assign"
          onSubmit={(event) => {
            event.preventDefault();
            void run('assign', { staffId: target || null });
          }}
        >
          <label className="console-field">
            <span>{t('case.reassign')}</span>
            <select value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">{t('case.nobody')}</option>
              {/* Only someone who may work the case: a case waiting for its second approval, a supervisor. */}
              {colleagues.filter((c) => (view.application.firstApprovedBy ? c.role === 'supervisor' : c.role === 'reviewer' || c.role === 'supervisor')).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="console-button">
            {t('case.reassignButton')}
          </button>
        </form>
      )}
    </div>
  );
}
