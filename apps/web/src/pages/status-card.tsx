// What the status page and the outcome pages both show: the main button, the link to the signed
// application, the markets opened.
import { MARKET, hasMarket } from '@kh/flow';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplication } from '../app/application.tsx';

export function Main({ onClick, label, disabled }: { onClick(): void; label: string; disabled?: boolean }) {
  return (
    <button type="button" className="button button--main" onClick={onClick} disabled={disabled}>
      {label}
    </button>
  );
}

/** The applicant's copy of the application they signed, once it is submitted. */
export function ApplicationPdfLink(): ReactElement | null {
  const { t } = useTranslation();
  const app = useApplication();
  if (!app.applyId) return null;
  return (
    <a className="button button--link" href={`/api/kh/account/apply/application-pdf?${new URLSearchParams({ applyId: app.applyId, relatedType: app.relatedType })}`} download>
      {t('common.downloadApplication')}
    </a>
  );
}

/** The markets opened on the account, named in the applicant's language ("MY, HK and US"). */
export function openedMarketNames(opened: number, language: string): string {
  const names = [
    [MARKET.MAS, 'MY'],
    [MARKET.HK, 'HK'],
    [MARKET.US, 'US'],
  ].flatMap(([bit, name]) => (hasMarket(opened, bit as number) ? [name as string] : []));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}
