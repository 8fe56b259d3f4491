// Buttons and handlers that lead to the Portuguese paths (react-admin's own would build
// /create, /:id and /:id/show).
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as MuiLink } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  type Identifier,
  type RaRecord,
  TopToolbar,
  useDataTableCallbacksContext,
  useFieldValue,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { LabeledButton } from './LabeledButton';
import { paths } from '../routing/paths';
import { useCanWrite } from '../routing/useCanWrite';

export function CreatePathButton({
  label = 'ra.action.create',
  variant,
}: {
  label?: string;
  variant?: 'text' | 'contained';
}) {
  const resource = useResourceContext();
  if (!resource) return null;
  return (
    <LabeledButton to={paths.create(resource)} label={label} variant={variant}>
      <AddIcon />
    </LabeledButton>
  );
}

export function EditPathButton({ label = 'ra.action.edit' }: { label?: string }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  if (!resource || !record) return null;
  return (
    <LabeledButton to={paths.edit(resource, record.id)} label={label}>
      <EditIcon />
    </LabeledButton>
  );
}

/** A detail page's toolbar: "Editar" for those who may write the resource. */
/** A detail page's actions: `children` (printing, documents) beside the edit button. */
export function ShowActions({
  children,
  editable = true,
}: {
  children?: ReactNode;
  /** False when this record cannot be edited by hand (the page says why). */
  editable?: boolean;
}) {
  const writable = useCanWrite();
  return (
    <TopToolbar>
      {children}
      {writable && editable && <EditPathButton />}
    </TopToolbar>
  );
}

export function ShowPathButton({ label = 'ra.action.show' }: { label?: string }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  if (!resource || !record) return null;
  return (
    <LabeledButton to={paths.show(resource, record.id)} label={label}>
      <VisibilityIcon />
    </LabeledButton>
  );
}

/**
 * A list cell (the record's name) as a real link to where a click on the row leads (the
 * DataTable's rowClick): the row opens from the keyboard (Tab, Enter), a screen reader names
 * it, and a middle click opens a new tab. Without a rowClick path it is plain text.
 * Use: `<DataTable.Col source="name"><RowLink /></DataTable.Col>`, or with children.
 */
export function RowLink({ source, children }: { source?: string; children?: ReactNode }) {
  const record = useRecordContext<RaRecord>();
  const resource = useResourceContext();
  const { rowClick } = useDataTableCallbacksContext();
  const value = useFieldValue({ source: source ?? 'name' });
  const content = children ?? (value == null ? '' : String(value));
  const path =
    record && resource && typeof rowClick === 'function'
      ? rowClick(record.id, resource, record)
      : null;
  if (typeof path !== 'string') return <>{content}</>;
  return (
    <MuiLink
      component={Link}
      to={path}
      color="inherit"
      underline="hover"
      // The row's own click handler would navigate a second time.
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {content}
    </MuiLink>
  );
}

/** rowClick handlers for lists. */
export const rowToEdit = (id: Identifier, resource: string) => paths.edit(resource, id);
export const rowToShow = (id: Identifier, resource: string) => paths.show(resource, id);

/** rowClick handler that opens the detail of a record of another resource with the same id. */
export const rowToShowOf = (resource: string) => (id: Identifier) => paths.show(resource, id);

/** `redirect` of create and edit forms: back to the list. */
export const redirectToList = (resource?: string) => paths.list(resource ?? '');

/** `redirect` of create and edit forms: to the saved record's detail page. */
export const redirectToShow = (resource?: string, id?: Identifier) =>
  id === undefined ? paths.list(resource ?? '') : paths.show(resource ?? '', id);

/** A list's toolbar with only "Cadastrar", for those who may write the resource. */
export function CreateActions() {
  const writable = useCanWrite();
  return <TopToolbar>{writable && <CreatePathButton />}</TopToolbar>;
}
