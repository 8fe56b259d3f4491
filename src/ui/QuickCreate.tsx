// Creating a missing record without leaving the form: the treasurer types a vendor that does
// not exist yet, picks "Cadastrar “…”" and fills in a small dialog (the name, already typed, and
// the few other fields the record needs); once saved it is chosen in the form. One component
// for every reference that may be created in place (vendors, donors, categories, departments).
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Form,
  type RaRecord,
  ResourceContextProvider,
  TextInput,
  type Validator,
  required,
  useCreateSuggestionContext,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { FormSaveButton } from './FormToolbar';
import { camelCaseKeys } from '../providers/case';

export interface QuickCreateProps {
  /** The react-admin resource the record is created in ("financeiro/fornecedores"). */
  resource: string;
  /** Fixed values of the new record (a category's kind, an active flag). */
  defaults?: Record<string, unknown>;
  /** The name's label and checks (the resource's `fields.name` by default). */
  nameLabel?: string;
  nameValidate?: Validator | Validator[];
  /** Inputs the record needs besides its name (a vendor's person type). */
  children?: ReactNode;
}

export interface QuickCreateDialogProps extends QuickCreateProps {
  open: boolean;
  /** What was typed in the search: the new record's name. */
  filter?: string;
  onCancel(): void;
  onCreate(record: RaRecord): void;
}

/** The dialog itself, for a caller that opens it with its own button. */
export function QuickCreateDialog({
  open,
  filter,
  onCancel,
  onCreate,
  resource,
  defaults,
  nameLabel,
  nameValidate,
  children,
}: QuickCreateDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const singular = translate(`resources.${resource}.forcedCaseName`, {
    _: translate(`resources.${resource}.name`, { smart_count: 1 }),
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      const { data } = await dataProvider.create(resource, { data: { ...defaults, ...values } });
      notify('adam.quick_create.created', { type: 'success', messageArgs: { name: data.name } });
      onCreate(data);
      return undefined;
    } catch (error) {
      const body = (error as { body?: { errors?: unknown } })?.body;
      if (body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        return camelCaseKeys<Record<string, string>>(body.errors);
      }
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };
  const validate = nameValidate
    ? [required(), ...(Array.isArray(nameValidate) ? nameValidate : [nameValidate])]
    : required();
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="quick-create">
      {/* The dialog sits inside the page's form in React's tree: its submit must not reach it. */}
      <Box onSubmit={(event) => event.stopPropagation()}>
        <ResourceContextProvider value={resource}>
          <Form
            disableInvalidFormNotification
            onSubmit={submit}
            defaultValues={{ ...defaults, name: filter ?? '' }}
            noValidate
          >
            <DialogTitle id="quick-create">
              {translate('adam.quick_create.title', { name: singular })}
            </DialogTitle>
            <DialogContent>
              <TextInput source="name" label={nameLabel} validate={validate} autoFocus fullWidth />
              {children}
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
              <FormSaveButton label="ra.action.create" />
            </DialogActions>
          </Form>
        </ResourceContextProvider>
      </Box>
    </Dialog>
  );
}

/**
 * The `create` element of an AutocompleteInput (react-admin opens it from the "Cadastrar …"
 * suggestion, with what was typed): `<AutocompleteInput create={<QuickCreate resource=… />} />`.
 */
export function QuickCreate(props: QuickCreateProps) {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  return (
    <QuickCreateDialog {...props} open filter={filter} onCancel={onCancel} onCreate={onCreate} />
  );
}

/** The props that let an AutocompleteInput create in place, with Portuguese wording. */
export function quickCreateProps(props: QuickCreateProps) {
  return {
    create: <QuickCreate {...props} />,
    createItemLabel: 'adam.quick_create.item',
    createLabel: 'adam.quick_create.start',
  } as const;
}
