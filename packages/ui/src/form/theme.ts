// Our RJSF theme: one widget per field kind of SPEC §3 (and per custom widget), our templates, and
// the one kind of array a step has.
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ActionWidget } from '../widgets/ActionWidget.tsx';
import { ButtonGroupWidget, CheckBoxWidget, MultiSelectWidget, RadioWidget, SwitchWidget } from '../widgets/ChoiceWidgets.tsx';
import { DateWidget } from '../widgets/DateWidget.tsx';
import { DictionarySelectWidget } from '../widgets/DictionarySelectWidget.tsx';
import { InputWidget } from '../widgets/InputWidget.tsx';
import { SelectWidget } from '../widgets/SelectWidget.tsx';
import { lazyWidget, type LazyWidget } from './lazy-widgets.tsx';
import { StringListField } from './StringListField.tsx';
import { FieldTemplate, ObjectFieldTemplate } from './templates.tsx';

/** Keys are the uiSchema's ui:widget: the field kind, or the custom widget's name. */
export const widgets: RegistryWidgetsType = {
  Input: InputWidget,
  Select: SelectWidget,
  Radio: RadioWidget,
  ButtonGroup: ButtonGroupWidget,
  Switch: SwitchWidget,
  CheckBox: CheckBoxWidget,
  DateTime: DateWidget,
  Custom: InputWidget,
  phone: InputWidget,
  email: InputWidget,
  dictionarySelect: DictionarySelectWidget,
  multiSelect: MultiSelectWidget,
  // Drawn by a few steps only: their code loads with those steps (lazy-widgets.tsx).
  upload: lazyWidget(() => import('../widgets/UploadWidget.tsx').then((m) => m.UploadWidget)),
  signature: lazyWidget(() => import('../widgets/SignatureWidget.tsx').then((m) => m.SignatureWidget)),
  agreementList: lazyWidget(() => import('../widgets/AgreementListWidget.tsx').then((m) => m.AgreementListWidget)),
  identityCheck: ActionWidget,
  payment: ActionWidget,
  qrcode: ActionWidget,
};

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  // Errors are shown in our summary, above the form.
  ErrorListTemplate: () => null,
};

/** Every array of a compiled step is a list of strings answered by one widget. */
export const fields: RegistryFieldsType = { ArrayField: StringListField };

/** Loads the code of those of the named widgets that load on demand (the others are there already). */
export const loadWidgets = async (names: Iterable<string>): Promise<void> => {
  await Promise.all([...names].map((name) => (widgets[name] as Partial<LazyWidget> | undefined)?.load?.()));
};
