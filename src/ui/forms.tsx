// The app's record forms: react-admin's SimpleForm and TabbedForm with the defaults every form
// of Adam needs, so no screen has to remember them (ESLint keeps screens on these):
// - warnWhenUnsavedChanges: leaving with typed, unsaved data asks first (UnsavedChangesGuard; the
//   blocking itself is routing/routerProvider.ts);
// - noValidate: the browser's own bubbles (English, on e-mail inputs) stay out of the way of the
//   app's Portuguese messages;
// - the FormToolbar, whose Salvar is never greyed out on an untouched form: clicking it shows
//   what is missing, and its notice names the fields (react-admin's generic one is off).
import {
  SimpleForm as RaSimpleForm,
  type SimpleFormProps,
  TabbedForm as RaTabbedForm,
  type TabbedFormProps,
} from 'react-admin';
import { FormToolbar } from './FormToolbar';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const DEFAULTS = {
  warnWhenUnsavedChanges: true,
  WarnWhenUnsavedChangesComponent: UnsavedChangesGuard,
  noValidate: true,
  disableInvalidFormNotification: true,
} as const;

export function SimpleForm(props: SimpleFormProps) {
  return <RaSimpleForm {...DEFAULTS} toolbar={<FormToolbar />} {...props} />;
}

export function TabbedForm(props: TabbedFormProps) {
  return <RaTabbedForm {...DEFAULTS} toolbar={<FormToolbar />} {...props} />;
}
TabbedForm.Tab = RaTabbedForm.Tab;

export type { SimpleFormProps, TabbedFormProps };
