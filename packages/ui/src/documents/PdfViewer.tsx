// A PDF drawn page by page with pdf.js, because mobile webviews (Android's above all) show nothing
// for a PDF in an iframe. pdf.js loads with this page only, and its worker is served from the app's
// own origin (CSP). Each page's text is kept beside the canvas, so a screen reader can read it.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

export interface PdfViewerProps {
  url: string;
  title: string;
}

type ViewerState = 'loading' | 'ready' | 'failed';

export function PdfViewer({ url, title }: PdfViewerProps): ReactElement {
  const { t } = useTranslation();
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>('loading');
  const [texts, setTexts] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    let cancel: (() => void) | undefined;
    setState('loading');
    setTexts([]);
    (async () => {
      // The legacy build: older webviews lack what the modern one assumes.
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      const task = pdfjs.getDocument({ url, withCredentials: true });
      cancel = () => void task.destroy();
      const document = await task.promise;
      const container = pages.current;
      if (!live || !container) return;
      container.replaceChildren();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      for (let number = 1; number <= document.numPages && live; number += 1) {
        const page = await document.getPage(number);
        const scale = (container.clientWidth || 360) / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = container.ownerDocument.createElement('canvas');
        canvas.className = 'pdf-viewer__page';
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.setAttribute('aria-hidden', 'true');
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
        const content = await page.getTextContent();
        const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        if (live) setTexts((before) => [...before, text]);
      }
      if (live) setState('ready');
    })().catch(() => live && setState('failed'));
    return () => {
      live = false;
      cancel?.();
    };
  }, [url]);

  return (
    <section className={`pdf-viewer pdf-viewer--${state}`} aria-label={title} aria-busy={state === 'loading'} data-state={state}>
      {state === 'loading' && <p className="pdf-viewer__status">{t('common.loading')}</p>}
      {state === 'failed' && (
        <p className="pdf-viewer__status" role="alert">
          {t('errors.documentFailed')}
        </p>
      )}
      <div ref={pages} className="pdf-viewer__pages" />
      <div className="visually-hidden">
        {texts.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
      <a className="button button--secondary pdf-viewer__download" href={url} download>
        {t('common.downloadDocument')}
      </a>
    </section>
  );
}
