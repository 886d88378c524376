// Stands in for RJSF's default widgets and templates. Our theme (packages/ui/src/form/theme.ts) gives
// every field of every compiled step its widget (test/bundle.test.ts checks each one), and our
// FieldTemplate and ObjectFieldTemplate draw the label, hint, error and layout themselves, so RJSF's
// own inputs, array and button templates, title, description, help and error templates would never
// draw. Were one ever asked for, the page says so instead of drawing an unstyled control.
import type { ReactElement } from 'react';
import UnusedRjsfField from './unused-rjsf-field.tsx';

const Unused = ({ id, name }: { id?: string; name?: string }): ReactElement => <UnusedRjsfField name={name ?? id} />;

/** RJSF's `widgets()`: none of its own; the theme's are merged over this. */
export const widgets = (): Record<string, never> => ({});

/** RJSF's `templates()`: every key there, each the stand-in (the theme's FieldTemplate, ObjectFieldTemplate and ErrorListTemplate are merged over these). */
export const templates = () => ({
  ArrayFieldDescriptionTemplate: Unused,
  ArrayFieldItemTemplate: Unused,
  ArrayFieldItemButtonsTemplate: Unused,
  ArrayFieldTemplate: Unused,
  ArrayFieldTitleTemplate: Unused,
  ButtonTemplates: { SubmitButton: Unused, AddButton: Unused, CopyButton: Unused, MoveDownButton: Unused, MoveUpButton: Unused, RemoveButton: Unused, ClearButton: Unused },
  BaseInputTemplate: Unused,
  CyclicSchemaExpandTemplate: Unused,
  DescriptionFieldTemplate: Unused,
  ErrorListTemplate: Unused,
  FallbackFieldTemplate: Unused,
  FieldTemplate: Unused,
  FieldErrorTemplate: Unused,
  FieldHelpTemplate: Unused,
  GridTemplate: Unused,
  MultiSchemaFieldTemplate: Unused,
  ObjectFieldTemplate: Unused,
  OptionalDataControlsTemplate: Unused,
  TitleFieldTemplate: Unused,
  UnsupportedFieldTemplate: Unused,
  WrapIfAdditionalTemplate: Unused,
});
