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

/** The drawing as a PNG file (canvas.toBlob: a fetch of a data: URL is refused under connect-src 'self'). */
export const canvasToFile = (canvas: HTMLCanvasElement, name: string): Promise<File> =>
  new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: 'image/png' })) : reject(new Error('The signature could not be exported'))), 'image/png'));

export function SignatureWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const context = formContextOf(props);
  const options = fieldOptions(props);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [outOfBounds, setOutOfBounds] = useState(false);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'empty' | 'drawn' | 'saving' | 'saved' | 'failed'>(props.value ? 'saved' : 'empty');

  useEffect(() => {
    const element = canvas.current;
    if (!element || props.readonly) return;
    fitCanvas(element);
    // signature_pad is loaded with the signature step only, not with the app.
    let live = true;
    let signature: SignaturePad | undefined;
    const leave = (event: PointerEvent) => event.buttons !== 0 && signature && !signature.isEmpty() && setOutOfBounds(true);
    element.addEventListener('pointerleave', leave);
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
      signature?.off();
    };
  }, [props.readonly]);

  const clear = () => {
    pad.current?.clear();
    setOutOfBounds(false);
    setState('empty');
    props.onChange(undefined);
  };

  async function save() {
    if (!pad.current || pad.current.isEmpty() || outOfBounds) return;
    setState('saving');
    try {
      const result = context.upload ? await context.upload(await canvasToFile(canvas.current!, 'signature.png'), () => {}) : { filepath: pad.current.toDataURL('image/png') };
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
