import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import { todayIso } from '../../../domain/dates';
import { LabeledButton } from '../../ui/LabeledButton';

/**
 * CSV of the whole filtered list, made by the server (every row, Portuguese headers). The
 * request needs the session headers, so it goes through the data provider, not a plain link.
 */
export function MemberExportButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort, total } = useListContext();
  const { download, busy } = useDownload();
  const exportList = () =>
    download(
      () => dataProvider.exportMembersCsv({ filter: filterValues, sort }),
      `membros-${todayIso()}.csv`,
    );
  return (
    <LabeledButton label="ra.action.export" onClick={exportList} disabled={busy || total === 0}>
      <DownloadIcon />
    </LabeledButton>
  );
}
