// /financeiro/ofertas_a_receber (issues 26 and 25): the offerings taken at the cells' meetings
// and the EBD's chamadas that the treasury has not received yet, oldest first; "Receber" writes
// the income. Phones: one card per line.
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { DataTable, List, SelectInput, useListContext, useTranslate } from 'react-admin';
import { GATHERING_KIND_LABELS, gatheringTitle } from '../../../../domain/churchLife';
import { formatDate } from '../../../../domain/formats';
import { useCanWrite } from '../../../routing/useCanWrite';
import { ListActions } from '../../../ui/ListActions';
import { Money } from '../../../ui/Money';
import { AmountColumn, CongregationColumn, DateColumn, withCongregation } from '../shared/columns';
import { congregationFilter, periodFilters } from '../shared/filters';
import { CardsOrTable } from '../shared/CardsOrTable';
import { ReceiveButton } from './ReceiveDialog';
import type { PendingOffering } from './types';

const T = 'adam.finance.pending_offerings';

const KIND_CHOICES = Object.entries(GATHERING_KIND_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  ...periodFilters(),
  congregationFilter(),
  <SelectInput key="kind" source="kind" label={`${T}.kind`} choices={KIND_CHOICES} />,
];

function Receive({ line }: { line: PendingOffering }) {
  return useCanWrite() ? <ReceiveButton line={line} /> : null;
}

function Table() {
  return (
    <DataTable rowClick={false} bulkActionButtons={false}>
      <DateColumn source="date" label={`${T}.date`} />
      <DataTable.Col
        source="name"
        label={`${T}.what`}
        disableSort
        render={(line: PendingOffering) => gatheringTitle(line.kindLabel, line.name)}
      />
      <CongregationColumn />
      <DataTable.Col source="recordedBy" label={`${T}.recorded_by`} disableSort />
      <AmountColumn strong />
      <DataTable.Col
        label=""
        disableSort
        align="right"
        render={(line: PendingOffering) => <Receive line={line} />}
      />
    </DataTable>
  );
}

function Cards() {
  const { data } = useListContext<PendingOffering>();
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ p: 1 }} component="ul" aria-label={translate(`${T}.title`)}>
      {(data ?? []).map((line) => (
        <Card key={line.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
          <CardContent sx={{ pb: '12px !important' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {gatheringTitle(line.kindLabel, line.name)}
              </Typography>
              <Money cents={line.amountCents} strong />
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {withCongregation(formatDate(line.date), line)}
            </Typography>
            {line.recordedBy && (
              <Typography variant="body2" color="textSecondary">
                {translate(`${T}.recorded_by_line`, { name: line.recordedBy })}
              </Typography>
            )}
            <Box sx={{ mt: 1, textAlign: 'right' }}>
              <Receive line={line} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export default function PendingOfferingList() {
  return (
    <List
      filters={filters}
      actions={<ListActions create={false} />}
      sort={{ field: 'date', order: 'ASC' }}
      perPage={25}
      empty={false}
    >
      <CardsOrTable
        cards={<Cards />}
        table={<Table />}
        empty={`${T}.empty`}
        emptyHelp={`${T}.empty_help`}
      />
    </List>
  );
}
