// The risk rules as the broker keeps them (schemas/risk/risk-rules.json), read only: each factor's
// condition and points, the bands, the band from which a second approval is needed, and the facts a
// condition may read.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../DataTable.tsx';
import { useLabel, useRiskRules, type Condition, type RiskRules } from '../parts.tsx';

/** A condition as a short formula ("annualIncome ≥ 4 and estimatedNetWorth ≤ 1"). */
export function conditionText(condition: Condition, words: { and: string; or: string; not: string }): string {
  if ('all' in condition) return condition.all.map((each) => conditionText(each, words)).join(` ${words.and} `);
  if ('any' in condition) return `(${condition.any.map((each) => conditionText(each, words)).join(` ${words.or} `)})`;
  if ('not' in condition) return `${words.not} (${conditionText(condition.not, words)})`;
  if (condition.in) return `${condition.fact} ∈ {${condition.in.map(String).join(', ')}}`;
  if (condition.gte !== undefined) return `${condition.fact} ≥ ${condition.gte}`;
  if (condition.lte !== undefined) return `${condition.fact} ≤ ${condition.lte}`;
  return `${condition.fact} = ${String(condition.eq)}`;
}

export function RiskRulesPage(): ReactElement {
  const { t } = useTranslation('console');
  const label = useLabel();
  const rules = useRiskRules();
  if (!rules) return <p>{t('case.loading')}</p>;
  const words = { and: t('risk.and'), or: t('risk.or'), not: t('risk.not') };
  const second = rules.bands.find((band) => band.band === rules.secondApprovalFrom);
  return (
    <section aria-labelledby="risk-title">
      <h1 id="risk-title">{t('risk.title')}</h1>
      <p>{t('risk.intro')}</p>
      <h2>{t('risk.factors')}</h2>
      <DataTable<RiskRules['factors'][number]>
        label={t('risk.factors')}
        rows={rules.factors}
        rowKey={(factor) => factor.id}
        columns={[
          { id: 'factor', header: t('risk.factor'), rowHeader: true, cell: (factor) => label(factor.label, factor.id) },
          { id: 'when', header: t('risk.when'), cell: (factor) => <code>{conditionText(factor.when, words)}</code> },
          { id: 'points', header: t('risk.pointsColumn'), cell: (factor) => factor.points },
        ]}
      />
      <h2>{t('risk.bands')}</h2>
      <ul>
        {rules.bands.map((band) => (
          <li key={band.band}>{t('risk.bandFrom', { band: label(band.label, band.band), from: band.from })}</li>
        ))}
      </ul>
      <p>{t('risk.secondApproval', { band: label(second?.label, rules.secondApprovalFrom) })}</p>
      <h2>{t('risk.facts')}</h2>
      <DataTable<[string, string]>
        label={t('risk.facts')}
        compact
        rows={Object.entries(rules.facts)}
        rowKey={([fact]) => fact}
        columns={[
          { id: 'fact', header: t('risk.factName'), rowHeader: true, cell: ([fact]) => <code>{fact}</code> },
          { id: 'meaning', header: t('risk.factMeaning'), cell: ([, what]) => what },
        ]}
      />
    </section>
  );
}
