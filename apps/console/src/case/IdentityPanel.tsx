// The identity check: each try's outcome and reason, the face score, and the facts the document gave
// beside what the applicant typed, a difference marked.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { Alert, formatDate, useLabel } from '../parts.tsx';
import { dictionaries } from '../schemas.ts';
import type { CaseView } from './types.ts';

const show = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** The facts that are dictionary values, by their dictionary: a reviewer reads "MyKad", not 106. */
const FACT_DICTIONARIES: Partial<Record<string, string>> = { documentType: 'IdentityType', gender: 'Gender' };

interface ComparisonRow {
  key: string;
  fact: string;
  note?: string;
  verified: string;
  typed: string;
  matches: boolean;
  differenceWord: string;
}

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
  const comparisonRows: ComparisonRow[] = [
    ...view.identityComparison.map((row) => ({
      key: `${row.fact}-${row.field}`,
      fact: t(`identity.facts.${row.fact}`, { defaultValue: row.fact }),
      note: row.field === 'identityCheck' ? t('identity.typedAtCheck') : undefined,
      verified: inWords(row.fact, row.verified),
      typed: inWords(row.fact, row.typed),
      matches: row.matches,
      differenceWord: t('identity.mismatch'),
    })),
    // The address is shown beside the ID's, not counted: the provider's reading abbreviates.
    ...(view.addressComparison
      ? [{ key: 'address', fact: t('identity.facts.address'), note: t('identity.addressNote'), verified: view.addressComparison.read, typed: view.addressComparison.typed, matches: view.addressComparison.matches, differenceWord: t('identity.differs') }]
      : []),
  ];
  return (
    <div>
      {latest?.madeAfterReview && <Alert kind="info">{t('identity.afterReview', { date: formatDate(latest.createdAt, i18n.language), name: latest.documentName, number: latest.documentNumber })}</Alert>}
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
                {check.madeAfterReview && ` · ${t('identity.madeAfterReview')}`}
                {check.failureReason && ` (${t(`errors.ekyc.${check.failureReason}`, { ns: 'errors', defaultValue: check.failureReason })})`}
              </li>
            ))}
          </ul>
        </>
      )}
      {comparisonRows.length > 0 && (
        <DataTable<ComparisonRow>
          label={t('case.identity')}
          compact
          rows={comparisonRows}
          rowKey={(row) => row.key}
          rowClassName={(row) => (row.matches ? undefined : 'is-mismatch')}
          columns={[
            {
              id: 'fact',
              header: t('identity.fact'),
              rowHeader: true,
              cell: (row) => (
                <>
                  {row.fact}
                  {row.note && <div className="console-sub">{row.note}</div>}
                </>
              ),
            },
            { id: 'verified', header: t('identity.verified'), cell: (row) => row.verified },
            { id: 'typed', header: t('identity.typed'), cell: (row) => row.typed },
            { id: 'match', header: t('identity.match'), cell: (row) => (row.matches ? t('identity.match') : <strong>{row.differenceWord}</strong>) },
          ]}
        />
      )}
    </div>
  );
}
