// The frame of the sede's reports (issue 12): one row per congregation and a last row with the
// totals, a table on wide screens and a list on phones, each row naming its figures.
import { Box, List, ListItem, ListItemText, type SxProps } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import type { ReportKey } from '../../../domain/reports';
import { CongregationFilter } from './CongregationFilter';
import { ReportEmpty, ReportPage } from './ReportPage';

export interface CongregationRow {
  id: number;
  congregationId: number | null;
  congregationName: string;
  isTotal: boolean;
}

/** The totals row stands out. */
const totalRowSx = (row: CongregationRow): SxProps =>
  row.isTotal ? { '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } } : {};

/** Each row as a list item on phones: the congregation, then its figures in words. */
function PhoneList<Row extends CongregationRow>(props: {
  figures(row: Row): string;
  empty: string;
}) {
  const { data, isPending } = useListContext<Row>();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text={props.empty} />;
  return (
    <List>
      {data.map((row) => (
        <ListItem key={row.id} divider>
          <ListItemText
            primary={row.congregationName}
            secondary={props.figures(row)}
            slotProps={{ primary: { sx: { fontWeight: row.isTotal ? 700 : undefined } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function CongregationReport<Row extends CongregationRow>(props: {
  report: ReportKey;
  filterDefaults?: Record<string, unknown>;
  /** Filters besides the congregation's. */
  filters?: ReactNode;
  note?: ReactNode;
  /** The figures' columns (after the congregation's). */
  columns: ReactNode;
  /** A row's figures in words, for the phone list. */
  figures(row: Row): string;
}) {
  const translate = useTranslate();
  const empty = `adam.reports.${props.report}.empty`;
  return (
    <ReportPage
      report={props.report}
      filterDefaults={props.filterDefaults ?? {}}
      filters={
        <>
          {props.filters}
          <CongregationFilter />
        </>
      }
      note={props.note}
      table={
        // A year of month columns is wider than the screen: the table scrolls in a region the
        // keyboard can reach (and scroll) and a screen reader names after the report.
        <Box
          role="region"
          aria-label={translate(`adam.reports.${props.report}.title`)}
          tabIndex={0}
          sx={{
            overflowX: 'auto',
            contain: 'inline-size',
          }}
        >
          <DataTable<Row>
            rowClick={false}
            bulkActionButtons={false}
            rowSx={totalRowSx}
            // The region above scrolls, not the table's own wrapper (the theme's overflowX).
            sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}
            empty={<ReportEmpty text={empty} />}
          >
            <DataTable.Col
              source="congregationName"
              label="adam.reports.congregation"
              disableSort
              render={(row: Row) =>
                row.isTotal ? translate('adam.reports.total_row') : row.congregationName
              }
            />
            {props.columns}
          </DataTable>
        </Box>
      }
      phoneList={<PhoneList<Row> figures={props.figures} empty={empty} />}
    />
  );
}
