// /configuracoes/auditoria (admin): every change in the finance area — who, when, from where
// and which fields, before and after.
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from '../../../../domain/audit';
import { formatDateTime } from '../../../../domain/formats';
import { DateFilterInput } from '../../../ui/inputs';
import { choicesFrom } from '../../../ui/choices';
import { labelOf } from '../../finance/shared/choices';
import { describeChanges } from './describeChanges';

interface AuditEntry {
  id: number;
  userId: number | null;
  userName: string | null;
  action: string;
  resource: string;
  recordId: number | null;
  changes: Record<string, [unknown, unknown]>;
  /** field -> id -> name of the records the changes point at. */
  names?: Record<string, Record<string, string>>;
  /** The name of the record itself (a vendor's name, an expense's description). */
  recordName?: string | null;
  ip: string | null;
  createdAt: string;
}

const ACTION_CHOICES = choicesFrom(AUDIT_ACTION_LABELS);
const RESOURCE_CHOICES = choicesFrom(AUDIT_RESOURCE_LABELS);

const filters = [
  <SelectInput
    key="resource"
    source="resource"
    label="adam.audit.resource"
    choices={RESOURCE_CHOICES}
    alwaysOn
  />,
  <SelectInput
    key="action"
    source="action"
    label="adam.audit.action"
    choices={ACTION_CHOICES}
    alwaysOn
  />,
  <DateFilterInput key="createdAtGte" source="createdAtGte" label="adam.finance.from" alwaysOn />,
  <DateFilterInput key="createdAtLte" source="createdAtLte" label="adam.finance.to" alwaysOn />,
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
        <Typography component="li" variant="body2" color="text.secondary">
          {translate('adam.audit.more_fields', { smart_count: lines.length - limit })}
        </Typography>
      )}
    </Box>
  );
}

export default function AuditLogList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const what = (entry: AuditEntry) =>
    `${labelOf(AUDIT_ACTION_LABELS, entry.action)} · ${labelOf(AUDIT_RESOURCE_LABELS, entry.resource)}${entry.recordId ? ` nº ${entry.recordId}` : ''}${entry.recordName ? ` — ${entry.recordName}` : ''}`;
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={false}
    >
      {phone ? (
        <SimpleList<AuditEntry>
          primaryText={what}
          secondaryText={(entry) =>
            `${formatDateTime(entry.createdAt)} · ${entry.userName ?? translate('adam.audit.unknown_user')}`
          }
          tertiaryText={(entry) => describeChanges(entry).slice(0, 2).join('; ')}
          rowClick={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="createdAt"
            label="adam.audit.when"
            render={(entry: AuditEntry) => formatDateTime(entry.createdAt)}
          />
          <DataTable.Col
            source="userName"
            label="adam.audit.user"
            disableSort
            render={(entry: AuditEntry) => entry.userName ?? translate('adam.audit.unknown_user')}
          />
          <DataTable.Col source="action" label="adam.audit.what" disableSort render={what} />
          <DataTable.Col
            source="changes"
            label="adam.audit.changes"
            disableSort
            render={(entry: AuditEntry) => <Changes entry={entry} />}
          />
          <DataTable.Col source="ip" label="adam.audit.ip" disableSort />
        </DataTable>
      )}
    </List>
  );
}
