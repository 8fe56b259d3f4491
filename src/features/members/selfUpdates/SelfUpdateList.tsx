import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, type Identifier, List, type RaRecord, SimpleList } from 'react-admin';
import { fieldLabel } from '../../../../domain/auditFieldLabels';
import { formatDateTime } from '../../../../domain/formats';
import { toSnakeKey } from '../../../providers/case';
import type { SelfUpdateLink } from '../../../providers/selfUpdateCalls';
import { paths } from '../../../routing/paths';
import { EmptyList } from '../../../ui/EmptyList';
import { RowLink } from '../../../ui/links';

interface PendingSelfUpdate extends SelfUpdateLink {
  memberName: string;
  congregationName: string;
}

/** The fields a submission changes, by their Portuguese names. */
const changedFields = (row: PendingSelfUpdate) =>
  Object.keys(row.changes ?? {})
    .map((key) => fieldLabel(toSnakeKey(key)) ?? key)
    .join(', ') || '—';

// Reviewed on the member's page, beside the record the changes apply to.
const toMember = (_id: Identifier, _resource: string, row: RaRecord) =>
  paths.show('membros', (row as PendingSelfUpdate).memberId);

/** /membros/atualizacoes: the members' self-updates waiting for the secretary, oldest first. */
export default function SelfUpdateList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      sort={{ field: 'submittedAt', order: 'ASC' }}
      perPage={25}
      empty={<EmptyList invite={false} />}
      actions={false}
    >
      {phone ? (
        <SimpleList<PendingSelfUpdate>
          primaryText={(row) => row.memberName}
          secondaryText={(row) => `${formatDateTime(row.submittedAt)} · ${changedFields(row)}`}
          rowClick={(_id, _resource, row) => toMember(_id, _resource, row)}
        />
      ) : (
        <DataTable rowClick={toMember} bulkActionButtons={false}>
          <DataTable.Col source="memberName" disableSort>
            <RowLink source="memberName" />
          </DataTable.Col>
          <DataTable.Col source="congregationName" disableSort />
          <DataTable.Col
            source="submittedAt"
            render={(row: PendingSelfUpdate) => formatDateTime(row.submittedAt)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col source="changes" disableSort render={changedFields} />
        </DataTable>
      )}
    </List>
  );
}
