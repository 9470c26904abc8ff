/**
 * The renderer's one registry: every widget, field and template, passed to rjsf explicitly and named by string in
 * ui.json (`"ui:widget": "money"`). Nothing registers itself on import.
 */
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/arrayTemplates.tsx';
import { ErrorList } from './templates/ErrorList.tsx';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';
import {
  CheckboxesWidget,
  CheckboxWidget,
  ChoiceButtonsWidget,
  LookupSelectWidget,
  RadioWidget,
  SelectWidget,
  ToggleButtonWidget,
} from './widgets/choiceWidgets.tsx';
import { HiddenWidget, NoteField, ReadonlyWidget } from './widgets/otherWidgets.tsx';
import {
  DateWidget,
  EmailWidget,
  MoneyWidget,
  NumberWidget,
  PhoneWidget,
  PostalCodeWidget,
  SinPartWidget,
  TextareaWidget,
  TextWidget,
} from './widgets/textWidgets.tsx';

const nothing = () => null;

/** Widgets by the names of docs/definition-format.md (plus rjsf's own default names, mapped to ours). */
export const widgets: RegistryWidgetsType = {
  // Yes / No radios for a boolean question.
  yesNo: RadioWidget,
  radio: RadioWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  date: DateWidget,
  money: MoneyWidget,
  phone: PhoneWidget,
  postalCode: PostalCodeWidget,
  sinPart: SinPartWidget,
  textarea: TextareaWidget,
  readonly: ReadonlyWidget,
  toggleButton: ToggleButtonWidget,
  choiceButtons: ChoiceButtonsWidget,
  lookupSelect: LookupSelectWidget,
  hidden: HiddenWidget,
  text: TextWidget,
  email: EmailWidget,
  number: NumberWidget,
  updown: NumberWidget,
};

/** A `"type": "null"` field is a note: the `note` widget name in ui.json documents it, this field draws it. */
export const fields: RegistryFieldsType = {
  NullField: NoteField,
};

/** Templates: labels, help and errors per field; sections, lists and the alert block. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate: ErrorList,
  // Schema descriptions are notes for product staff; users see ui:description, which our templates draw.
  DescriptionFieldTemplate: nothing,
  TitleFieldTemplate: nothing,
  // Errors come from the engine and are drawn by FieldTemplate.
  FieldErrorTemplate: nothing,
  FieldHelpTemplate: nothing,
  ButtonTemplates: { SubmitButton: nothing } as unknown as TemplatesType['ButtonTemplates'],
};

/** The registry handed to rjsf's Form: `<Form {...registry} />`. */
export const registry = { widgets, fields, templates };
