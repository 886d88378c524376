// Our RJSF theme: one widget per field kind of SPEC §3 (and per custom widget), and our templates.
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ActionWidget } from '../widgets/ActionWidget.tsx';
import { AgreementListWidget } from '../widgets/AgreementListWidget.tsx';
import { ButtonGroupWidget, CheckBoxWidget, MultiSelectWidget, RadioWidget, SwitchWidget } from '../widgets/ChoiceWidgets.tsx';
import { DateWidget } from '../widgets/DateWidget.tsx';
import { DictionarySelectWidget } from '../widgets/DictionarySelectWidget.tsx';
import { InputWidget } from '../widgets/InputWidget.tsx';
import { SelectWidget } from '../widgets/SelectWidget.tsx';
import { SignatureWidget } from '../widgets/SignatureWidget.tsx';
import { UploadWidget } from '../widgets/UploadWidget.tsx';
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
  upload: UploadWidget,
  signature: SignatureWidget,
  agreementList: AgreementListWidget,
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
