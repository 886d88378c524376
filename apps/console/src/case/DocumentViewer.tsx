// The case's documents in the page: a list, and the chosen one large, with zoom, rotation and pan
// (drag it, or scroll), and a pin that keeps the documents in view beside the answers as they are read.
// Each is fetched from the staff route, which stamps it with the viewer's name and time and audits the view.
import { PdfViewer } from '@kh/ui';
import { useEffect, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { documentUrl } from '../api.ts';
import type { CaseDocument } from './types.ts';

export function DocumentViewer({ caseId, documents }: { caseId: string; documents: CaseDocument[] }): ReactElement {
  const { t } = useTranslation('console');
  const { t: tAll } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>(documents[0]?.ref);
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const [pinned, setPinned] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | undefined>(undefined);
  const document = documents.find((d) => d.ref === chosen);
  // Pinned, the documents' panel stays at the top of the window while the answers scroll past.
  useEffect(() => void root.current?.closest('section')?.classList.toggle('case-panel--pinned', pinned), [pinned]);
  if (documents.length === 0) return <p>{t('documents.none')}</p>;
  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!stage.current) return;
    stage.current.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, left: stage.current.scrollLeft, top: stage.current.scrollTop };
  };
  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !stage.current) return;
    stage.current.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
    stage.current.scrollTop = drag.current.top - (event.clientY - drag.current.y);
  };
  const choose = (ref: string) => {
    setChosen(ref);
    setZoom(1);
    setTurns(0);
  };
  return (
    <div className="case-documents" ref={root}>
      <label className="case-documents__pin">
        <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} /> {t('documents.pin')}
      </label>
      <ul className="case-documents__list">
        {documents.map((d) => (
          <li key={d.ref}>
            <button type="button" className="console-button" aria-pressed={d.ref === chosen} onClick={() => choose(d.ref)}>
              {/* An upload says which question it answers; one no answer names any more is marked replaced. */}
              <span className="case-documents__kind">{d.question ? tAll(d.question.labelKey) : t(`documents.kind.${d.kind}`)}</span> {d.name}
              {d.replaced && <span className="case-documents__replaced">{' '}({t('documents.replaced')})</span>}
            </button>
          </li>
        ))}
      </ul>
      <p className="console-sub">{t('documents.watermarked')}</p>
      {document &&
        (document.mime === 'application/pdf' ? (
          <div className="case-documents__pdf">
            <PdfViewer url={documentUrl(caseId, document.ref)} title={document.name} />
          </div>
        ) : (
          <figure className="case-documents__view">
            <div className="case-documents__tools" role="toolbar" aria-label={document.name}>
              <button type="button" className="console-button" onClick={() => setZoom((z) => Math.min(4, z * 1.25))}>
                {t('documents.zoomIn')}
              </button>
              <button type="button" className="console-button" onClick={() => setZoom((z) => Math.max(0.5, z / 1.25))}>
                {t('documents.zoomOut')}
              </button>
              <button type="button" className="console-button" onClick={() => setTurns((n) => (n + 1) % 4)}>
                {t('documents.rotate')}
              </button>
              <a className="console-button" href={documentUrl(caseId, document.ref)} target="_blank" rel="noopener">
                {t('documents.open')}
              </a>
            </div>
            {/* Zoomed, the image is larger than the stage: drag it (or scroll, or use the arrow keys) to move it. */}
            <div
              className="case-documents__stage"
              ref={stage}
              tabIndex={0}
              role="group"
              aria-label={t('documents.stage')}
              onPointerDown={startDrag}
              onPointerMove={moveDrag}
              onPointerUp={() => (drag.current = undefined)}
              onPointerCancel={() => (drag.current = undefined)}
            >
              {/* Styles set from script (CSSOM), not an inline attribute: the CSP allows them. */}
              <img src={documentUrl(caseId, document.ref)} alt={`${t(`documents.kind.${document.kind}`)}: ${document.name}`} draggable={false} style={{ width: `${zoom * 100}%`, transform: `rotate(${turns * 90}deg)` }} />
            </div>
            <figcaption>{document.name}</figcaption>
          </figure>
        ))}
    </div>
  );
}
