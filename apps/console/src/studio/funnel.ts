// The studio's funnel as the server counts it (GET /staff/studio/funnel), and the default range.
import { useEffect, useState } from 'react';
import { get } from '../api.ts';
import type { Funnel } from './types.ts';

/** A day in Kuala Lumpur (UTC+8), as the server counts days. */
export const klDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
/** The last 30 days, today included. */
export const lastThirtyDays = (now = new Date()) => ({ from: klDay(new Date(now.getTime() - 29 * DAY_MS)), to: klDay(now) });

/** The funnel of a range (one step's, when given); undefined while it loads, an error's text when it fails. */
export function useFunnel(range: { from: string; to: string; stepId?: string }): { funnel?: Funnel; failed?: unknown } {
  const [answer, setAnswer] = useState<{ funnel?: Funnel; failed?: unknown }>({});
  useEffect(() => {
    let live = true;
    setAnswer({});
    get<Funnel>('studio/funnel', { from: range.from, to: range.to, stepId: range.stepId }).then(
      (funnel) => live && setAnswer({ funnel }),
      (failed: unknown) => live && setAnswer({ failed }),
    );
    return () => {
      live = false;
    };
  }, [range.from, range.to, range.stepId]);
  return answer;
}

/** Seconds as minutes and seconds ("2 min 5 s"). */
export const duration = (seconds: number, t: (key: string, options?: Record<string, unknown>) => string) =>
  seconds < 60 ? t('studio.funnel.seconds', { s: seconds }) : t('studio.funnel.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
