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

/** A table that scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation('console');
  return (
    <div className="console-table-wrap" role="region" aria-label={t('table', { name: label })} tabIndex={0}>
      {children}
    </div>
  );
}
