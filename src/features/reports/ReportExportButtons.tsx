import PrintIcon from '@mui/icons-material/Print';
import TableViewIcon from '@mui/icons-material/TableView';
import { Stack } from '@mui/material';
import { useDataProvider, useListContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import type { ReportKey } from '../../../domain/reports';
import { LabeledButton } from '../../ui/LabeledButton';

/**
 * The CSV (for spreadsheets) and the PDF (for printing) of the report with its filters, saved
 * under the name the API gives them after what they contain (aniversariantes-2026-12.csv).
 */
export function ReportExportButtons({ report }: { report: ReportKey }) {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const file = (format: 'csv' | 'pdf') =>
    download(() => dataProvider.reportFile(report, format, filterValues));
  return (
    <Stack direction="row" spacing={1}>
      <LabeledButton label="adam.reports.csv" onClick={() => file('csv')} disabled={busy || !total}>
        <TableViewIcon />
      </LabeledButton>
      <LabeledButton
        label="adam.reports.pdf"
        variant="contained"
        onClick={() => file('pdf')}
        disabled={busy}
      >
        <PrintIcon />
      </LabeledButton>
    </Stack>
  );
}
