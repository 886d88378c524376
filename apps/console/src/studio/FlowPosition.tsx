// Where the step sits in the flow for the context chosen in the preview: the path an applicant in
// that context walks (packages/flow's machine, headlessly), this step marked.
import { MARKET, walk, type FlowInput } from '@kh/flow';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewContext } from './StepPreview.tsx';

/** The flow's input for a preview context: an added market comes on top of an open Malaysian account. */
export function flowInputOf(context: PreviewContext, stepCode: number): { input: FlowInput; chooseMarkets?: number } {
  const base: FlowInput = { platform: 'app', nationality: context.nationality, accountType: context.accountType };
  if (context.mode === 'supplementary') {
    const adding = context.markets & (MARKET.HK + MARKET.US) || MARKET.HK;
    return { input: { ...base, mode: 'supplementary', status: 4, openedMarkets: MARKET.MAS }, chooseMarkets: adding };
  }
  if (context.mode === 'rejected') return { input: { ...base, mode: 'rejected', status: 5, markets: context.markets, rejectedItems: (context.rejectedItems.length ? context.rejectedItems : ['?']).map((field) => ({ code: stepCode, field })) } };
  return { input: { ...base, mode: 'new', markets: context.markets } };
}

export function FlowPosition({ context, stepCode }: { context: PreviewContext; stepCode: number }): ReactElement {
  const { t } = useTranslation('console');
  const rows = useMemo(() => walk({ name: 'studio', description: '', ...flowInputOf(context, stepCode) }), [context, stepCode]);
  const onPath = rows.some((row) => row.code === stepCode);
  return (
    <section className="studio-flow" aria-labelledby="studio-flow-title">
      <h2 id="studio-flow-title">{t('studio.flow.title')}</h2>
      {!onPath && <p className="studio-bad">{t('studio.flow.notOnPath')}</p>}
      <ol className="studio-flow__path">
        {rows.map((row, index) => (
          <li key={`${row.code}-${index}`} aria-current={row.code === stepCode ? 'step' : undefined} className={row.code === stepCode ? 'studio-flow__here' : undefined}>
            <code>{row.path}</code>
            {row.code === stepCode && <strong> · {t('studio.flow.here')}</strong>}
          </li>
        ))}
      </ol>
    </section>
  );
}
