// The identity check: each try's outcome and reason, the face score, and the facts the document gave
// beside what the applicant typed, a difference marked.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroller, formatDate, useLabel } from '../parts.tsx';
import { dictionaries } from '../schemas.ts';
import type { CaseView } from './types.ts';

const show = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** The facts that are dictionary values, by their dictionary: a reviewer reads "MyKad", not 106. */
const FACT_DICTIONARIES: Partial<Record<string, string>> = { documentType: 'IdentityType', gender: 'Gender' };

export function IdentityPanel({ view }: { view: CaseView }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const label = useLabel();
  const inWords = (fact: string, value: unknown) => {
    const dictionary = FACT_DICTIONARIES[fact];
    const entry = dictionary ? dictionaries[dictionary]?.find((each) => String(each.value) === String(value)) : undefined;
    return entry ? label(entry.label as Record<string, string>, show(value)) : show(value);
  };
  if (view.identityChecks.length === 0 && !view.verifiedIdentity) return <p>{t('identity.none')}</p>;
  const [latest, ...earlier] = view.identityChecks;
  return (
    <div>
      {latest && (
        <dl className="console-facts">
          <dt>{t('identity.outcome')}</dt>
          <dd>{t(`identity.state.${latest.state}`, { defaultValue: latest.state })}</dd>
          <dt>{t('identity.faceScore')}</dt>
          <dd>{show(latest.faceScore)}</dd>
        </dl>
      )}
      {earlier.length > 0 && (
        <>
          <h3>{t('identity.failures')}</h3>
          <ul>
            {earlier.map((check) => (
              <li key={check.id}>
                {formatDate(check.createdAt, i18n.language)}: {t(`identity.state.${check.state}`, { defaultValue: check.state })}
                {check.failureReason && ` (${t(`errors.ekyc.${check.failureReason}`, { ns: 'errors', defaultValue: check.failureReason })})`}
              </li>
            ))}
          </ul>
        </>
      )}
      {(view.identityComparison.length > 0 || view.addressComparison) && (
        <TableScroller label={t('case.identity')}>
        <table className="console-table console-table--compact">
          <thead>
            <tr>
              <th scope="col">{t('identity.fact')}</th>
              <th scope="col">{t('identity.verified')}</th>
              <th scope="col">{t('identity.typed')}</th>
              <th scope="col">{t('identity.match')}</th>
            </tr>
          </thead>
          <tbody>
            {view.identityComparison.map((row) => (
              <tr key={`${row.fact}-${row.field}`} className={row.matches ? undefined : 'is-mismatch'}>
                <th scope="row">
                  {t(`identity.facts.${row.fact}`, { defaultValue: row.fact })}
                  {row.field === 'identityCheck' && <div className="console-sub">{t('identity.typedAtCheck')}</div>}
                </th>
                <td>{inWords(row.fact, row.verified)}</td>
                <td>{inWords(row.fact, row.typed)}</td>
                <td>{row.matches ? t('identity.match') : <strong>{t('identity.mismatch')}</strong>}</td>
              </tr>
            ))}
            {view.addressComparison && (
              <tr className={view.addressComparison.matches ? undefined : 'is-mismatch'}>
                <th scope="row">
                  {t('identity.facts.address')}
                  <div className="console-sub">{t('identity.addressNote')}</div>
                </th>
                <td>{view.addressComparison.read}</td>
                <td>{view.addressComparison.typed}</td>
                <td>{view.addressComparison.matches ? t('identity.match') : <strong>{t('identity.differs')}</strong>}</td>
              </tr>
            )}
          </tbody>
        </table>
        </TableScroller>
      )}
    </div>
  );
}
