import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { todayIso } from '../../../../domain/dates';
import { LabeledButton } from '../../../ui/LabeledButton';

/** CSV of every filtered movement (not just the page), made by the server. */
export function TransactionExportButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort, total } = useListContext();
  const { download, busy } = useDownload();
  const run = () =>
    download(
      () => dataProvider.exportTransactionsCsv({ filter: filterValues, sort }),
      `lancamentos-${todayIso()}.csv`,
    );
  return (
    <LabeledButton label="ra.action.export" onClick={run} disabled={busy || total === 0}>
      <DownloadIcon />
    </LabeledButton>
  );
}
