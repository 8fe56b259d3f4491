import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, useId } from 'react';
import { Button, Form, type FormProps, useTranslate } from 'react-admin';
import { FormSaveButton } from './FormToolbar';

/**
 * A dialog that is one react-admin form, for fields that validate as a record's do (the inputs'
 * rules, the server's errors on their fields): a title, an optional help paragraph, the fields,
 * Cancel and Salvar's FormSaveButton, whose notice names the invalid fields (react-admin's
 * generic one is off, as in ui/forms.tsx). FormDialog is the plain-form shape, for a password or
 * a code.
 */
export function RecordFormDialog(props: {
  /** Translation keys. */
  title: string;
  help?: string;
  saveLabel: string;
  icon: ReactElement;
  defaultValues?: FormProps['defaultValues'];
  onSubmit: FormProps['onSubmit'];
  onClose(): void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Form
        onSubmit={props.onSubmit}
        defaultValues={props.defaultValues}
        noValidate
        disableInvalidFormNotification
      >
        <DialogTitle id={`${id}-title`}>{translate(props.title)}</DialogTitle>
        <DialogContent>
          {props.help && (
            <Typography color="textSecondary" sx={{ mb: 1 }}>
              {translate(props.help)}
            </Typography>
          )}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={props.onClose} />
          <FormSaveButton label={props.saveLabel} icon={props.icon} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
