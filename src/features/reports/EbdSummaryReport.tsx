// /igreja/ebd/resumo (issue 26): the secretary's summary of a Sunday's EBD — each class's chamada
// (matriculados, presentes, ausentes, visitantes, Bíblias, revistas, oferta) and the total of the
// chamadas taken; a class whose chamada was not taken says so. CSV and PDF from the server.
import { Link, List, ListItem, ListItemText, type SxProps } from '@mui/material';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { todayIso } from '../../../domain/dates';
import { sundayOf } from '../../../domain/ebd';
import { formatMoney } from '../../../domain/formats';
import { paths } from '../../routing/paths';
import { Money } from '../../ui/Money';
import { formatInteger } from '../../ui/listTotal';
import { CongregationFilter } from './CongregationFilter';
import { FilterDate } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

const T = 'adam.reports.ebd_summary';
const ROLL_CALLS = 'igreja/ebd/chamadas';

interface Figures {
  enrolled: number;
  present: number;
  absent: number;
  visitors: number;
  bibles: number;
  magazines: number;
  offeringCents: number;
}

interface Row {
  id: number;
  className: string;
  congregationName: string;
  ageGroup: string | null;
  rollCallId: number | null;
  figures: Figures | null;
  isTotal: boolean;
}

const COUNTS = ['enrolled', 'present', 'absent', 'visitors', 'bibles', 'magazines'] as const;

const totalRowSx = (row: Row): SxProps =>
  row.isTotal ? { '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } } : {};

function ClassName({ row }: { row: Row }) {
  const translate = useTranslate();
  if (row.isTotal) return <>{translate('adam.reports.total_row')}</>;
  const name = `${row.className} · ${row.congregationName}`;
  return row.rollCallId === null ? (
    <>{name}</>
  ) : (
    <Link component={RouterLink} to={paths.show(ROLL_CALLS, row.rollCallId)}>
      {name}
    </Link>
  );
}

function Table() {
  const translate = useTranslate();
  return (
    <DataTable<Row>
      rowClick={false}
      bulkActionButtons={false}
      rowSx={totalRowSx}
      empty={<ReportEmpty text={`${T}.empty`} />}
    >
      <DataTable.Col
        source="className"
        label={`${T}.class`}
        disableSort
        render={(row: Row) => <ClassName row={row} />}
      />
      {COUNTS.map((key) => (
        <DataTable.Col
          key={key}
          label={`${T}.${key}`}
          align="right"
          disableSort
          render={(row: Row) =>
            row.figures ? formatInteger(row.figures[key]) : key === 'enrolled' ? '' : '—'
          }
        />
      ))}
      <DataTable.Col
        label={`${T}.offering`}
        align="right"
        disableSort
        render={(row: Row) =>
          row.figures ? <Money cents={row.figures.offeringCents} /> : translate(`${T}.not_taken`)
        }
      />
    </DataTable>
  );
}

/** Each class as a list item on phones, its figures in words. */
function PhoneList() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Row>();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text={`${T}.empty`} />;
  return (
    <List>
      {data.map((row) => (
        <ListItem key={row.id} divider>
          <ListItemText
            primary={<ClassName row={row} />}
            secondary={
              row.figures
                ? [
                    ...COUNTS.map(
                      (key) => `${translate(`${T}.${key}`)}: ${formatInteger(row.figures![key])}`,
                    ),
                    `${translate(`${T}.offering`)}: ${formatMoney(row.figures.offeringCents)}`,
                  ].join(' · ')
                : translate(`${T}.not_taken`)
            }
            slotProps={{ primary: { sx: { fontWeight: row.isTotal ? 700 : undefined } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export default function EbdSummaryReport() {
  const translate = useTranslate();
  return (
    <ReportPage
      report="ebd_summary"
      filterDefaults={{ date: sundayOf(todayIso()) }}
      filters={
        <>
          <FilterDate source="date" label={`${T}.date`} />
          <CongregationFilter />
        </>
      }
      note={translate(`${T}.note`)}
      table={<Table />}
      phoneList={<PhoneList />}
    />
  );
}
