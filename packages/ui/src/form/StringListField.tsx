// A list of strings (multiSelect, agreementList) answered by one of the theme's widgets: what RJSF's
// ArrayField does for an array with a custom widget, and all that a compiled step asks of an array.
// RJSF's own ArrayField also draws rows to add, copy, remove and reorder, a file list and fixed
// tuples, which no step has; the app is built without it (apps/web/vite.config.ts).
import { ID_KEY, getUiOptions, getWidget, toFieldPathId, useDeepCompareMemo, type FieldProps } from '@rjsf/utils';
import { useCallback, type ReactElement } from 'react';

export function StringListField(props: FieldProps): ReactElement {
  const { schema, fieldPathId, uiSchema, disabled = false, readonly = false, autofocus = false, required = false, hideError, placeholder, onBlur, onFocus, onChange, formData, registry, rawErrors, name } = props;
  const { widgets, schemaUtils, globalFormOptions, globalUiOptions } = registry;
  const { widget, title: uiTitle, ...options } = getUiOptions(uiSchema, globalUiOptions);
  const Widget = getWidget(schema, widget, widgets);
  const displayLabel = schemaUtils.getDisplayLabel(schema, uiSchema, globalUiOptions);
  // The id and name of a field that holds several values (RJSF's own for this case).
  const listPathId = useDeepCompareMemo(toFieldPathId('', globalFormOptions, fieldPathId, true));
  const change = useCallback((value: unknown) => onChange(value, fieldPathId.path, undefined, fieldPathId[ID_KEY]), [onChange, fieldPathId]);
  return (
    <Widget
      id={listPathId[ID_KEY]}
      name={name}
      multiple
      onChange={change}
      onBlur={onBlur}
      onFocus={onFocus}
      options={options}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      value={Array.isArray(formData) ? formData : []}
      disabled={disabled}
      readonly={readonly}
      hideError={hideError}
      required={required}
      label={uiTitle ?? schema.title ?? name}
      hideLabel={!displayLabel}
      placeholder={placeholder}
      autofocus={autofocus}
      rawErrors={rawErrors}
      htmlName={listPathId.name}
    />
  );
}
