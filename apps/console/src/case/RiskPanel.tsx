// The case's risk at its latest submit: the band, the score and each factor met with its points, in
// the words of the broker's rules; the rules themselves are one link away.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLabel } from '../parts.tsx';
import type { CaseView } from './types.ts';

export function RiskPanel({ risk }: { risk: CaseView['risk'] }): ReactElement {
  const { t } = useTranslation('console');
  const label = useLabel();
  if (!risk) return <p>{t('risk.notScored')}</p>;
  return (
    <>
      <p>
        <span className={`console-flag console-risk console-risk--${risk.band}`}>{label(risk.bandLabel, risk.band)}</span> {t('risk.score', { score: risk.score })}
      </p>
      {risk.factors.length === 0 ? (
        <p>{t('risk.noFactor')}</p>
      ) : (
        <ul className="risk-factors">
          {risk.factors.map((factor) => (
            <li key={factor.id}>
              {label(factor.label, factor.id)} <span className="console-sub">{t('risk.points', { points: factor.points })}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/risk">{t('risk.howScored')}</Link>
      </p>
    </>
  );
}
