// Upload: an image or a PDF with a preview and a progress bar fed by the API client; the states
// initial, uploading, failed and done (SPEC §3), retry, and the re-upload message.
import type { WidgetProps } from '@rjsf/utils';
import { UPLOAD_TYPES } from '@kh/engine';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredFile } from '../form/form-context.ts';
import { ariaFor, fieldOptions, formContextOf } from './shared.ts';

export type UploadState = 'initial' | 'uploading' | 'failed' | 'done';
const ACCEPT = UPLOAD_TYPES.map((t) => `.${t}`).join(',');
const isAccepted = (file: File) => UPLOAD_TYPES.includes(file.name.split('.').pop()?.toLowerCase() ?? '');

export function UploadWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const context = formContextOf(props);
  const options = fieldOptions(props);
  const [state, setState] = useState<UploadState>(props.value ? 'done' : 'initial');
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [localError, setLocalError] = useState<string | undefined>();
  const [stored, setStored] = useState<StoredFile | undefined>();
  // The saved file could not be fetched (its record, or its image): SPEC §5 says whom to ask.
  const [notObtained, setNotObtained] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // A page opened again holds only the saved path: ask what it was, to name it and show it.
  const savedPath = !file && typeof props.value === 'string' && props.value ? props.value : undefined;
  useEffect(() => {
    setNotObtained(false);
    if (!savedPath || !context.describeFile) {
      setStored(undefined);
      return;
    }
    let live = true;
    context.describeFile(savedPath).then(
      (info) => live && setStored(info),
      () => {
        if (!live) return;
        setStored(undefined);
        setNotObtained(true);
      },
    );
    return () => {
      live = false;
    };
  }, [savedPath]);
  const storedPreview = savedPath && stored?.mime.startsWith('image/') ? context.previewUrl?.(savedPath) : undefined;
  const shownName = file?.name ?? stored?.originalFilename ?? savedPath?.split('/').pop();

  async function send(chosen: File) {
    setFile(chosen);
    setLocalError(undefined);
    if (!isAccepted(chosen)) {
      setState('failed');
      setLocalError(t('validation.fileType', { types: UPLOAD_TYPES.join(', ') }));
      return;
    }
    if (chosen.type.startsWith('image/')) setPreview(URL.createObjectURL(chosen));
    else setPreview(undefined);
    if (!context.upload) return;
    setState('uploading');
    setProgress(0);
    try {
      const result = await context.upload(chosen, setProgress);
      setState('done');
      props.onChange(result.filepath);
    } catch {
      setState('failed');
      setLocalError(t('validation.uploadFailed'));
    }
  }

  const aria = ariaFor(props);
  const label = options.labelKey ? t(options.labelKey) : props.label;
  return (
    <div className={`upload upload--${state}`} data-state={state}>
      <input
        ref={input}
        id={props.id}
        type="file"
        className="upload__input"
        accept={ACCEPT}
        disabled={props.disabled || props.readonly || state === 'uploading'}
        {...aria}
        aria-label={label}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void send(chosen);
          event.target.value = '';
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
      {(preview ?? storedPreview) && !notObtained && (
        <img className="upload__preview" src={preview ?? storedPreview} alt={t('common.uploadPreview', { name: shownName ?? '' })} onError={() => !preview && setNotObtained(true)} />
      )}
      {notObtained && !file && (
        <p className="upload__status" role="alert">
          {t('validation.photoNotObtained')}
        </p>
      )}
      {!preview && shownName && <p className="upload__file">{shownName}</p>}
      {state === 'uploading' && (
        <div className="upload__progress">
          <progress max={100} value={progress} aria-label={t('common.uploading')}>
            {progress}%
          </progress>
          <span aria-live="polite">{progress}%</span>
        </div>
      )}
      <p className="upload__status" aria-live="polite">
        {state === 'done' && t('common.uploadDone')}
        {state === 'failed' && (localError ?? t('validation.uploadFailed'))}
      </p>
      {state === 'failed' && file && isAccepted(file) && (
        <button type="button" className="button button--secondary" onClick={() => void send(file)}>
          {t('errors.retry')}
        </button>
      )}
      {!props.readonly && (
        <button type="button" className="button button--secondary upload__choose" disabled={props.disabled || state === 'uploading'} onClick={() => input.current?.click()}>
          {state === 'done' ? t('common.reupload') : t('common.chooseFile')}
        </button>
      )}
    </div>
  );
}
