// Widgets only a few steps draw (the signature pad, the upload, the agreement list) load with the
// steps that have one, not with every form: the step page asks for a step's (loadWidgets) when it
// opens, alongside its saved answers, so they are there when the form draws. One drawn before its
// code has arrived (a reviewer's read-only view, a story) waits in its own place; a load the network
// dropped says so, with Retry.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

type Widget = ComponentType<WidgetProps>;

export interface LazyWidget {
  (props: WidgetProps): ReactElement;
  /** Starts loading the widget's code (once; a failed load is tried afresh next time); resolves when it can draw. */
  load(): Promise<Widget>;
}

export function lazyWidget(importWidget: () => Promise<Widget>): LazyWidget {
  let loaded: Widget | undefined;
  let loading: Promise<Widget> | undefined;
  const load = () =>
    (loading ??= importWidget().then(
      (widget) => (loaded = widget),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: WidgetProps): ReactElement {
    const { t } = useTranslation();
    // Set once: the widget, once drawn, is never swapped (that would lose its state, an upload in progress).
    const [Loaded, setLoaded] = useState<Widget | undefined>(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      load().then(
        (widget) => live && setLoaded(() => widget),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [Loaded, attempt]);
    if (Loaded) return <Loaded {...props} />;
    if (!failed) return <span className="field__loading" aria-busy="true" />;
    return (
      <p className="field__error" role="alert">
        {t('errors.network')}{' '}
        <button type="button" className="link-button" onClick={() => (setFailed(false), setAttempt((n) => n + 1))}>
          {t('errors.retry')}
        </button>
      </p>
    );
  }
  return Object.assign(Lazy, { load });
}
