// /configuracoes/auditoria (admin): the whole audit trail — every change, sign-in, export and
// member view: who, when, from where, and what changed ("Campo: antes → depois"), filtered by
// area, what, user, record and period. Each entry opens its detail (a button; on a phone, the row).
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  useTranslate,
} from 'react-admin';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_AREA_LABELS,
  AUDIT_RESOURCE_LABELS,
} from '../../../../domain/audit';
import { formatDateTime } from '../../../../domain/formats';
import { DateFilterInput } from '../../../ui/inputs';
import { choicesFrom } from '../../../ui/choices';
import { ListActions } from '../../../ui/ListActions';
import { AuditEntryDetail } from './AuditEntryDetail';
import { describeChanges } from '../../../../domain/auditWords';
import { describeEntry } from './describeEntry';
import type { AuditEntry } from '../../../providers/auditEntry';

const AREA_CHOICES = choicesFrom(AUDIT_AREA_LABELS);
const ACTION_CHOICES = choicesFrom(AUDIT_ACTION_LABELS);
const RESOURCE_CHOICES = choicesFrom(AUDIT_RESOURCE_LABELS);

const filters = [
  <SelectInput key="area" source="area" label="adam.audit.area" choices={AREA_CHOICES} alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="adam.audit.action"
    choices={ACTION_CHOICES}
    alwaysOn
  />,
  <DateFilterInput key="createdAtGte" source="createdAtGte" label="adam.finance.from" alwaysOn />,
  <DateFilterInput key="createdAtLte" source="createdAtLte" label="adam.finance.to" alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="configuracoes/usuarios">
    <AutocompleteInput label="adam.audit.user" optionText="name" />
  </ReferenceInput>,
  <SelectInput
    key="resource"
    source="resource"
    label="adam.audit.resource"
    choices={RESOURCE_CHOICES}
  />,
  <TextInput key="recordId" source="recordId" label="adam.audit.record" />,
];

/** A creation or deletion lists a few fields; a change lists every field that changed. */
function Changes({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const lines = describeChanges(entry);
  const limit = entry.action === 'create' || entry.action === 'delete' ? 3 : 8;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxWidth: 520 }}>
      {lines.slice(0, limit).map((line) => (
        <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      {lines.length > limit && (
        <Typography component="li" variant="body2" color="textSecondary">
          {translate('adam.audit.more_fields', { smart_count: lines.length - limit })}
        </Typography>
      )}
    </Box>
  );
}

export default function AuditLogList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const who = (entry: AuditEntry) => entry.userName ?? translate('adam.audit.unknown_user');
  return (
    <>
      <List
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        actions={<ListActions create={false} />}
      >
        {phone ? (
          <SimpleList<AuditEntry>
            primaryText={describeEntry}
            secondaryText={(entry) => `${formatDateTime(entry.createdAt)} · ${who(entry)}`}
            tertiaryText={(entry) => describeChanges(entry).slice(0, 2).join('; ')}
            rowClick={(_id, _resource, entry) => {
              setOpen(entry as AuditEntry);
              return false;
            }}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col
              source="createdAt"
              label="adam.audit.when"
              render={(entry: AuditEntry) => formatDateTime(entry.createdAt)}
            />
            <DataTable.Col source="userName" label="adam.audit.user" disableSort render={who} />
            <DataTable.Col
              source="action"
              label="adam.audit.what"
              disableSort
              render={describeEntry}
            />
            <DataTable.Col
              source="changes"
              label="adam.audit.changes"
              disableSort
              render={(entry: AuditEntry) => <Changes entry={entry} />}
            />
            <DataTable.Col source="ip" label="adam.audit.ip" disableSort />
            <DataTable.Col
              label="adam.audit.detail"
              disableSort
              render={(entry: AuditEntry) => (
                <IconButton
                  aria-label={translate('adam.audit.open_detail', { what: describeEntry(entry) })}
                  onClick={() => setOpen(entry)}
                >
                  <ZoomInIcon />
                </IconButton>
              )}
            />
          </DataTable>
        )}
      </List>
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth>
        {open && (
          <>
            <DialogTitle>{describeEntry(open)}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" color="textSecondary">
                {formatDateTime(open.createdAt)} · {who(open)}
              </Typography>
              <AuditEntryDetail entry={open} />
            </DialogContent>
            <DialogActions>
              <Button label="ra.action.close" onClick={() => setOpen(null)} />
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
