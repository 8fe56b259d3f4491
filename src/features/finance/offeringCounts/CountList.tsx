import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { COUNT_STATUS_LABELS } from '../../../../domain/finance/offeringCounts';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { RowLink, rowToShow } from '../../../ui/links';
import { choicesFrom } from '../../../ui/choices';
import { ListActions } from '../../../ui/ListActions';
import { Money } from '../../../ui/Money';
import { CappedPagination } from '../shared/CappedPagination';
import { CongregationColumn, DateColumn, withCongregation } from '../shared/columns';
import { accountFilter, congregationFilter, periodFilters } from '../shared/filters';
import { CountStatusChip } from './CountStatusChip';
import type { OfferingCount } from './types';

const filters = [
  ...periodFilters(),
  congregationFilter(),
  <SelectInput
    key="status"
    source="status"
    label="adam.finance.counts.status"
    choices={choicesFrom(COUNT_STATUS_LABELS)}
  />,
  accountFilter(),
];

/** The counts of the cultos, newest first: what was counted, closed and deposited. */
export default function CountList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      pagination={<CappedPagination />}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<OfferingCount>
          primaryText={(count) => count.serviceName}
          secondaryText={(count) => withCongregation(formatDate(count.date), count)}
          tertiaryText={(count) =>
            `${formatMoney(count.totalCents)} · ${COUNT_STATUS_LABELS[count.status]}`
          }
          rowClick={(id) => rowToShow(id, 'financeiro/contagens')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DateColumn />
          <DataTable.Col source="serviceName" label="adam.finance.counts.service_name" disableSort>
            <RowLink source="serviceName" />
          </DataTable.Col>
          <CongregationColumn />
          <DataTable.Col source="bankAccountName" label="adam.finance.counts.account" disableSort />
          <DataTable.Col
            source="status"
            label="adam.finance.counts.status"
            disableSort
            render={(count: OfferingCount) => (
              <CountStatusChip status={count.status} adjusting={Boolean(count.adjustsId)} />
            )}
          />
          <DataTable.Col
            source="depositDifferenceCents"
            label="adam.finance.counts.deposit_difference"
            align="right"
            disableSort
            render={(count: OfferingCount) =>
              count.depositDifferenceCents === null ? (
                '—'
              ) : (
                <Money cents={count.depositDifferenceCents} />
              )
            }
          />
          <DataTable.Col
            source="totalCents"
            label="adam.finance.counts.total_label"
            align="right"
            render={(count: OfferingCount) => <Money cents={count.totalCents} strong />}
          />
        </DataTable>
      )}
    </List>
  );
}
