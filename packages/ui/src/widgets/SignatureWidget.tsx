// Signature on signature_pad: clear and redo; a stroke that leaves the pad must be redone (SPEC §5);
// exported as a PNG; sharp on high-pixel-ratio screens.
import type { WidgetProps } from '@rjsf/utils';
import type SignaturePad from 'signature_pad';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOptions, formContextOf } from './shared.ts';

/** Sizes the canvas for the screen's pixel ratio, so strokes stay sharp. */
export function fitCanvas(canvas: HTMLCanvasElement, ratio = Math.max(window.devicePixelRatio || 1, 1)) {
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
}

/** A signature given from the keyboard: the name typed, drawn in a handwriting face, fitted to the pad. */
export function drawTypedSignature(canvas: HTMLCanvasElement, text: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  context.clearRect(0, 0, width, height);
  if (!text.trim()) return;
  let size = Math.round(height * 0.4);
  const face = (px: number) => `italic ${px}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
  context.font = face(size);
  while (size > 12 && context.measureText(text).width > width * 0.9) context.font = face((size -= 2));
  context.fillStyle = '#10204b';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2);
}

/** The drawing as a PNG file (canvas.toBlob: a fetch of a data: URL is refused under connect-src 'self'). */
export const canvasToFile = (canvas: HTMLCanvasElement, name: string): Promise<File> =>
  new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: 'image/png' })) : reject(new Error('The signature could not be exported'))), 'image/png'));

/** Where the page has no ResizeObserver (old webviews, jsdom), the pad keeps its first size. */
class NoResizeObserver {
  observe() {}
  disconnect() {}
}

export function SignatureWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const context = formContextOf(props);
  const options = fieldOptions(props);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [outOfBounds, setOutOfBounds] = useState(false);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'empty' | 'drawn' | 'saving' | 'saved' | 'failed'>(props.value ? 'saved' : 'empty');
  // The keyboard path: the applicant types their name instead of drawing (undefined while drawing).
  const [typed, setTyped] = useState<string>();
  const typedRef = useRef<string | undefined>(undefined);
  typedRef.current = typed;

  useEffect(() => {
    const element = canvas.current;
    if (!element || props.readonly) return;
    fitCanvas(element);
    // signature_pad is loaded with the signature step only, not with the app.
    let live = true;
    let signature: SignaturePad | undefined;
    const leave = (event: PointerEvent) => event.buttons !== 0 && signature && !signature.isEmpty() && setOutOfBounds(true);
    element.addEventListener('pointerleave', leave);
    // A rotation or a resize refits the canvas (which clears it): the signature is drawn again.
    let width = element.offsetWidth;
    const refit = new (globalThis.ResizeObserver ?? NoResizeObserver)(() => {
      if (element.offsetWidth === width) return;
      width = element.offsetWidth;
      const strokes = signature?.toData();
      fitCanvas(element);
      if (typedRef.current !== undefined) drawTypedSignature(element, typedRef.current);
      else if (signature && strokes) {
        signature.clear();
        signature.fromData(strokes);
      }
    });
    refit.observe(element);
    void import('signature_pad').then(({ default: Pad }) => {
      if (!live) return;
      signature = new Pad(element, { penColor: '#10204b', minWidth: 0.8, maxWidth: 2.6 });
      pad.current = signature;
      signature.addEventListener('endStroke', () => setState('drawn'));
      setReady(true);
    });
    return () => {
      live = false;
      element.removeEventListener('pointerleave', leave);
      refit.disconnect();
      signature?.off();
    };
  }, [props.readonly]);

  const clear = () => {
    pad.current?.clear();
    if (typed !== undefined) onTyped('');
    setOutOfBounds(false);
    setState('empty');
    props.onChange(undefined);
  };

  function typeInstead() {
    pad.current?.clear();
    pad.current?.off();
    setOutOfBounds(false);
    setTyped('');
    setState('empty');
  }

  function onTyped(text: string) {
    setTyped(text);
    if (canvas.current) drawTypedSignature(canvas.current, text);
    setState(text.trim() ? 'drawn' : 'empty');
  }

  async function save() {
    const given = typed !== undefined ? !!typed.trim() : !!pad.current && !pad.current.isEmpty();
    if (!given || outOfBounds) return;
    setState('saving');
    try {
      const result = context.upload ? await context.upload(await canvasToFile(canvas.current!, 'signature.png'), () => {}) : { filepath: canvas.current!.toDataURL('image/png') };
      props.onChange(result.filepath);
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className={`signature signature--${state}`}>
      <p className="field__label" id={`${props.id}-label`}>
        {options.labelKey ? t(options.labelKey) : props.label}
      </p>
      <canvas
        ref={canvas}
        id={props.id}
        className="signature__pad"
        data-ready={ready}
        role="img"
        aria-labelledby={`${props.id}-label`}
        aria-describedby={outOfBounds ? `${props.id}-bounds` : undefined}
        tabIndex={0}
      />
      {outOfBounds && (
        <p className="field__error" id={`${props.id}-bounds`} role="alert">
          {t('validation.signatureOutOfBounds')}
        </p>
      )}
      {state === 'failed' && <p className="field__error">{t('validation.uploadFailed')}</p>}
      {!props.readonly && typed !== undefined && (
        <div className="field">
          <label className="field__label" htmlFor={`${props.id}-typed`}>
            {t('common.typeSignature')}
          </label>
          <input id={`${props.id}-typed`} className="input signature__typed" value={typed} autoComplete="name" onChange={(event) => onTyped(event.target.value)} />
        </div>
      )}
      {!props.readonly && typed === undefined && (
        <button type="button" className="button button--link signature__keyboard" onClick={typeInstead}>
          {t('common.typeSignatureInstead')}
        </button>
      )}
      {!props.readonly && (
        <div className="signature__actions">
          <button type="button" className="button button--secondary" onClick={clear}>
            {t('common.clearSignature')}
          </button>
          <button type="button" className="button" disabled={state !== 'drawn' || outOfBounds} onClick={() => void save()}>
            {state === 'saved' ? t('common.signatureSaved') : t('common.useSignature')}
          </button>
        </div>
      )}
    </div>
  );
}
