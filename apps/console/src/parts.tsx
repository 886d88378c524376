// Small pieces every console page uses.
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from './api.ts';

export function Alert({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }): ReactElement {
  return (
    <p className={`console-alert console-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** Market bit flags as names in the reviewer's language ("MY, HK"). */
export function useMarketNames(): (flags: number) => string {
  const { t, i18n } = useTranslation('console');
  const list = new Intl.ListFormat(i18n.language, { style: 'narrow', type: 'unit' });
  return (flags) => list.format([16, 1, 2].filter((bit) => (flags & bit) === bit).map((bit) => t(`market.${bit}`)));
}

export const formatDate = (value: string | null | undefined, language: string) => (value ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '');

/** "in 3 hours", "2 days ago": the nearest whole unit, in the reviewer's language. */
export function relativeTime(value: string, language: string, now = Date.now()): string {
  const minutes = Math.round((new Date(value).getTime() - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / 1440), 'day');
}

/** When an open case's decision is due, and whether that has passed (the server's `overdue`). */
export function DueTime({ dueAt, overdue, long = false }: { dueAt: string | null; overdue: boolean; long?: boolean }): ReactElement | null {
  const { t, i18n } = useTranslation('console');
  if (!dueAt) return null;
  const when = relativeTime(dueAt, i18n.language);
  return (
    <span className={overdue ? 'console-due console-due--overdue' : 'console-due'}>
      {overdue && <span className="console-flag console-flag--overdue">{t('flag.overdue')}</span>}{' '}
      {long ? t('due.at', { date: formatDate(dueAt, i18n.language), when }) : overdue ? t('due.overdue', { when }) : t('due.left', { when })}
    </span>
  );
}

export interface Colleague {
  id: string;
  name: string;
  role: string;
}

/** Active staff, for reassigning a case or filtering the audit; asked only when `wanted`. */
export function useColleagues(wanted = true): Colleague[] {
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  useEffect(() => {
    if (wanted) void get<Colleague[]>('colleagues').then(setColleagues).catch(() => setColleagues([]));
  }, [wanted]);
  return colleagues;
}

/** Words in the reviewer's language from data that carries its own ({ en, zh-HK, zh-CN }), English failing that. */
export function useLabel(): (label: Record<string, string> | null | undefined, fallback?: string) => string {
  const { i18n } = useTranslation('console');
  return (label, fallback = '') => label?.[i18n.language] ?? label?.en ?? fallback;
}

export type Condition = { fact: string; eq?: unknown; in?: unknown[]; gte?: number; lte?: number } | { all: Condition[] } | { any: Condition[] } | { not: Condition };
export interface RiskRules {
  facts: Record<string, string>;
  factors: { id: string; points: number; when: Condition; label: Record<string, string> }[];
  bands: { band: string; from: number; label: Record<string, string> }[];
  secondApprovalFrom: string;
}

/** The broker's risk rules (read once per page), for band names and the rules page. */
export function useRiskRules(): RiskRules | undefined {
  const [rules, setRules] = useState<RiskRules>();
  useEffect(() => void get<RiskRules>('risk-rules').then(setRules, () => setRules(undefined)), []);
  return rules;
}

/** A risk band as a small badge: "High · 50". */
export function RiskBadge({ band, score, rules }: { band: string | null; score: number | null; rules: RiskRules | undefined }): ReactElement | null {
  const label = useLabel();
  if (!band) return null;
  const bandLabel = label(rules?.bands.find((each) => each.band === band)?.label, band);
  return <span className={`console-flag console-risk console-risk--${band}`}>{score === null ? bandLabel : `${bandLabel} · ${score}`}</span>;
}

/** A table that scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation('console');
  return (
    <div className="console-table-wrap" role="region" aria-label={t('table', { name: label })} tabIndex={0}>
      {children}
    </div>
  );
}
