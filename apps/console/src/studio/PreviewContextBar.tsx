// The preview's context switches: who the applicant is (nationality, markets, Malaysian account
// type) and where they are (a new application, adding a market, or fixing rejected items).
import { fieldIds, type StepSchema } from '@kh/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewContext } from './StepPreview.tsx';

const NATIONALITIES = ['MYS', 'SGP', 'CHN', 'HKG', 'IDN', 'USA'];
const MARKETS = [16, 1, 2] as const;

export function PreviewContextBar({ context, onChange, document }: { context: PreviewContext; onChange(context: PreviewContext): void; document: StepSchema }): ReactElement {
  const { t } = useTranslation('console');
  const set = (changes: Partial<PreviewContext>) => onChange({ ...context, ...changes });
  return (
    <fieldset className="studio-context">
      <legend>{t('studio.context.title')}</legend>
      <label className="console-field">
        <span>{t('studio.context.mode')}</span>
        <select value={context.mode} onChange={(event) => set({ mode: event.target.value as PreviewContext['mode'] })}>
          {(['new', 'supplementary', 'rejected'] as const).map((mode) => (
            <option key={mode} value={mode}>
              {t(`studio.context.modes.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="console-field">
        <span>{t('studio.context.nationality')}</span>
        <select value={context.nationality} onChange={(event) => set({ nationality: event.target.value })}>
          {NATIONALITIES.map((code) => (
            <option key={code} value={code}>
              {t(`studio.context.countries.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="console-checks">
        <legend>{t('studio.context.markets')}</legend>
        {MARKETS.map((bit) => (
          <label key={bit}>
            <input type="checkbox" checked={(context.markets & bit) === bit} onChange={(event) => set({ markets: event.target.checked ? context.markets | bit : context.markets & ~bit })} />
            {t(`market.${bit}`)}
          </label>
        ))}
      </fieldset>
      <label className="console-field">
        <span>{t('studio.context.accountType')}</span>
        <select value={context.accountType} onChange={(event) => set({ accountType: Number(event.target.value) })}>
          {[0, 1, 2].map((type) => (
            <option key={type} value={type}>
              {t(`studio.context.accountTypes.${type}`)}
            </option>
          ))}
        </select>
      </label>
      {context.mode === 'rejected' && (
        <fieldset className="console-checks console-checks--list">
          <legend>{t('studio.context.rejectedItems')}</legend>
          {[...fieldIds(document)].map((id) => (
            <label key={id}>
              <input type="checkbox" checked={context.rejectedItems.includes(id)} onChange={(event) => set({ rejectedItems: event.target.checked ? [...context.rejectedItems, id] : context.rejectedItems.filter((item) => item !== id) })} />
              {id}
            </label>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}
