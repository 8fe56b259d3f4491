// /igreja/cultos: today's cultos to open, then every culto and event, newest first, with totals. A
// check-in host (a líder, issue 26) sees his cultos and their occurrences, a few: no search, no
// kinds, nothing to create.
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, useCanAccess, useTranslate } from 'react-admin';
import { GATHERING_KIND_LABELS } from '../../../domain/churchLife';
import { formatDate } from '../../../domain/formats';
import { EmptyList } from '../../ui/EmptyList';
import { CreateActions, RowLink, rowToShow } from '../../ui/links';
import { choicesFrom } from '../../ui/choices';
import { SearchBox } from '../../ui/inputs';
import { TodayServices } from './TodayServices';
import type { Gathering } from './types';

// The EBD's chamadas are listed by their class (/igreja/ebd), not here.
const { ebd: _ebd, ...KIND_LABELS } = GATHERING_KIND_LABELS;

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={choicesFrom(KIND_LABELS)} alwaysOn />,
];

export default function GatheringList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { canAccess: office } = useCanAccess({ action: 'write', resource: 'igreja/cultos' });
  const totals = (gathering: Gathering) =>
    translate('adam.church_life.totals', { ...gathering.totals });
  return (
    <>
      <TodayServices />
      <List
        filters={office ? filters : undefined}
        actions={office ? <CreateActions /> : false}
        sort={{ field: 'date', order: 'DESC' }}
        perPage={25}
        empty={<EmptyList />}
      >
        {phone ? (
          <SimpleList<Gathering>
            primaryText={(gathering) => gathering.name}
            secondaryText={(gathering) =>
              `${formatDate(gathering.date)}${gathering.time ? `, ${gathering.time}` : ''} · ${gathering.congregationName}`
            }
            tertiaryText={totals}
            rowClick={rowToShow}
          />
        ) : (
          <DataTable rowClick={rowToShow} bulkActionButtons={false}>
            <DataTable.Col
              source="date"
              render={(gathering: Gathering) => formatDate(gathering.date)}
            />
            <DataTable.Col source="time" disableSort />
            <DataTable.Col source="name">
              <RowLink />
            </DataTable.Col>
            <DataTable.Col
              source="kind"
              disableSort
              render={(gathering: Gathering) => GATHERING_KIND_LABELS[gathering.kind]}
            />
            <DataTable.Col source="congregationName" disableSort />
            {/* A NumberCol draws its source (an object here) and ignores render: the page broke. */}
            <DataTable.Col
              source="totals"
              align="right"
              disableSort
              render={(gathering: Gathering) => gathering.totals.total}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
