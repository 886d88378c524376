// The page layouts of SPEC §2: Pure (transit pages, signature), Default (form steps), Gradient
// (start and status), GWhite (the PDF page, white background), BackNav (a back bar only).
// Mobile first: on a PC the page shows as a centred column; the main button stays in view on short screens.
import type { Layout } from '@kh/flow';
import type { ReactElement, ReactNode } from 'react';
import { ProgressBar } from '../chrome/ProgressBar.tsx';
import { TitleBar } from '../chrome/TitleBar.tsx';

export interface PageLayoutProps {
  layout: Layout;
  title?: string;
  /** 0-100; no bar when undefined. */
  percent?: number | null;
  /** The progress bar's segment (0 contact, 1 your profile, 2 declarations). */
  segment?: number | null;
  onBack?(): void;
  onExit?(): void;
  /** The main button and what goes with it, kept at the bottom of the screen. */
  actions?: ReactNode;
  children: ReactNode;
}

export function PageLayout({ layout, title, percent, segment, onBack, onExit, actions, children }: PageLayoutProps): ReactElement {
  const chrome = layout !== 'Pure';
  return (
    <div className={`page page--${layout.toLowerCase()}`}>
      {chrome && <TitleBar title={layout === 'BackNav' ? undefined : title} onBack={onBack} onExit={layout === 'Default' ? onExit : undefined} />}
      {layout === 'Default' && typeof percent === 'number' && <ProgressBar percent={percent} segment={segment} />}
      <main className="page__main" id="main">
        {layout === 'Pure' && title && <h1 className="page__title">{title}</h1>}
        {layout === 'BackNav' && title && <h1 className="page__title">{title}</h1>}
        {children}
      </main>
      {actions && <div className="page__actions">{actions}</div>}
    </div>
  );
}

/** SPEC §9: up to ratio 1 no suffix, up to 2 "@2x", otherwise "@3x". */
export function imageForRatio(path: string, ratio: number): string {
  const suffix = ratio <= 1 ? '' : ratio <= 2 ? '@2x' : '@3x';
  const dot = path.lastIndexOf('.');
  return dot === -1 ? `${path}${suffix}` : `${path.slice(0, dot)}${suffix}${path.slice(dot)}`;
}
