import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList } from 'react-admin';
import { memberStatusLabel } from '../../../domain/members';
import { formatPhone } from '../../../domain/formats';
import { currentCongregationIds } from '../../providers/session';
import { EmptyList } from '../../routing/EmptyList';
import { MemberImportButton } from './MemberImportButton';
import { rowToShow } from '../../routing/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { useReadsWhole } from '../../routing/useReadsWhole';
import { DepartmentsField } from './DepartmentsField';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { MemberBulkActions } from './MemberBulkActions';
import { MemberFilterAside } from './MemberFilterAside';
import { MemberListActions } from './MemberListActions';
import { MemberNameField } from './MemberNameField';
import { MemberPagination } from '../../ui/MemberPagination';
import { MemberStatusField } from './MemberStatusField';
import { PositionField } from './PositionField';
import type { Member } from './types';

const phoneOf = (member: Member) => formatPhone(member.phoneMobile || member.phoneHome);

function MemberTable() {
  const writable = useCanWrite();
  // The reduced record (issue 13) has no phones: no column of dashes.
  const whole = useReadsWhole();
  return (
    <DataTable rowClick={rowToShow} bulkActionButtons={writable ? <MemberBulkActions /> : false}>
      <DataTable.Col source="name">
        <MemberNameField link />
      </DataTable.Col>
      {whole && (
        <DataTable.Col
          source="phoneMobile"
          label="resources.membros.fields.phone"
          disableSort
          render={phoneOf}
          sx={{ whiteSpace: 'nowrap' }}
        />
      )}
      <DataTable.Col source="status">
        <MemberStatusField />
      </DataTable.Col>
      {/* A user of one congregation sees only it: no column to read. */}
      {currentCongregationIds().length !== 1 && (
        <DataTable.Col
          source="congregationName"
          label="resources.membros.fields.congregationId"
          disableSort
        />
      )}
      <DataTable.Col source="positionId" disableSort>
        <PositionField />
      </DataTable.Col>
      <DataTable.Col source="departmentIds" disableSort>
        <DepartmentsField />
      </DataTable.Col>
    </DataTable>
  );
}

function MemberSimpleList() {
  return (
    <SimpleList<Member>
      leftAvatar={(member) => <MemberAvatar name={member.name} src={member.photoThumb} />}
      primaryText={(member) => member.name}
      secondaryText={(member) =>
        [phoneOf(member), member.congregationName].filter(Boolean).join(' · ')
      }
      tertiaryText={(member) => memberStatusLabel(member.status, member.sex)}
      rowClick={(id) => rowToShow(id, 'membros')}
    />
  );
}

/**
 * /membros: any signed-in user. Filters live in a separate panel (SPEC §2): beside the list on
 * wide screens, behind a "Filtros" button on narrow ones; phones get a one-column list.
 */
export default function MemberList() {
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={<MemberListActions filtersInDrawer={!wide} />}
      aside={wide ? <MemberFilterAside /> : undefined}
      pagination={<MemberPagination />}
      empty={<EmptyList actions={<MemberImportButton variant="outlined" />} />}
    >
      {phone ? <MemberSimpleList /> : <MemberTable />}
    </List>
  );
}
