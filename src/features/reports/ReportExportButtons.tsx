import PrintIcon from '@mui/icons-material/Print';
import TableViewIcon from '@mui/icons-material/TableView';
import { Stack } from '@mui/material';
import { Button, useListContext } from 'react-admin';
import { useDownload } from '../../providers/useDownload';
import { snakeCaseKeys } from '../../providers/case';
import { todayIso } from '../../../domain/dates';
import { type ReportKey, reportByKey } from '../../../domain/reports';

/** The CSV (for spreadsheets) and the PDF (for printing) of the report with its filters. */
export function ReportExportButtons({ report, filename }: { report: ReportKey; filename: string }) {
  const { filterValues, total } = useListContext();
  const { download, busy } = useDownload();
  const query = new URLSearchParams({ filter: JSON.stringify(snakeCaseKeys(filterValues)) });
  const file = (format: 'csv' | 'pdf') =>
    download(
      `${reportByKey(report).api}/${format}?${query}`,
      `${filename}-${todayIso()}.${format}`,
    );
  return (
    <Stack direction="row" spacing={1}>
      <Button label="adam.reports.csv" onClick={() => file('csv')} disabled={busy || !total}>
        <TableViewIcon />
      </Button>
      <Button
        label="adam.reports.pdf"
        variant="contained"
        onClick={() => file('pdf')}
        disabled={busy}
      >
        <PrintIcon />
      </Button>
    </Stack>
  );
}
