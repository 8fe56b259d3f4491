import { DataTable, useTranslate } from 'react-admin';
import {
  MEMBER_STATUSES,
  MEMBER_STATUS_COUNT_LABELS,
  type MemberStatus,
} from '../../../domain/members';
import { formatInteger } from '../../ui/listTotal';
import { type CongregationRow, CongregationReport } from './CongregationReport';

type Row = CongregationRow & Record<MemberStatus, number> & { total: number };

/** /relatorios/membros_por_congregacao: members of each congregation by status, with totals. */
export default function MembersByCongregationReport() {
  const translate = useTranslate();
  return (
    <CongregationReport<Row>
      report="members_by_congregation"
      note={translate('adam.reports.members_by_congregation.note')}
      columns={[
        ...MEMBER_STATUSES.map((status) => (
          <DataTable.Col
            key={status}
            source={status}
            label={MEMBER_STATUS_COUNT_LABELS[status]}
            align="right"
            disableSort
            render={(row: Row) => formatInteger(row[status])}
          />
        )),
        <DataTable.Col
          key="total"
          source="total"
          label="adam.reports.members_by_congregation.total"
          align="right"
          disableSort
          render={(row: Row) => formatInteger(row.total)}
        />,
      ]}
      figures={(row) =>
        [
          translate('adam.reports.members_by_congregation.in_total', {
            smart_count: row.total,
            count: formatInteger(row.total),
          }),
          ...MEMBER_STATUSES.filter((status) => row[status] > 0).map(
            (status) => `${MEMBER_STATUS_COUNT_LABELS[status]}: ${formatInteger(row[status])}`,
          ),
        ].join(' · ')
      }
    />
  );
}
