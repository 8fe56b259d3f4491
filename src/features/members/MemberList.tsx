import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList } from 'react-admin';
import { memberStatusLabel } from '../../../domain/members';
import { formatPhone } from '../../../domain/formats';
import { currentCongregationIds } from '../../providers/session';
import { EmptyList } from '../../ui/EmptyList';
import { MemberImportButton } from './MemberImportButton';
import { rowToShow } from '../../ui/links';
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

/** From here the filter panel sits beside the table and every column still fits. */
const ASIDE_MIN_WIDTH = 1600;

const phoneOf = (member: Member) => formatPhone(member.phoneMobile || member.phoneHome);

function MemberTable() {
  const writable = useCanWrite();
  // The reduced record (issue 13) has no phones: no column of dashes.
  const whole = useReadsWhole();
  return (
    <DataTable rowClick={rowToShow} bulkActionButtons={writable ? <MemberBulkActions /> : false}>
      {/* Room for a name on one or two lines; the departments' chips wrap instead. */}
      <DataTable.Col source="name" sx={{ minWidth: 240 }}>
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
          sx={{ minWidth: 150 }}
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
  // The filter panel beside the list only where the table still has room for every column
  // (at 1280 px it squeezed names onto 3–4 lines and cut Departamentos): below, the drawer.
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up(ASIDE_MIN_WIDTH), {
    noSsr: true,
  });
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
