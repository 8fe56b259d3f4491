import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { todayIso } from '../../../domain/dates';

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * CSV of the whole filtered list, made by the server (every row, Portuguese headers). The
 * request needs the session headers, so it goes through the data provider, not a plain link.
 */
export function MemberExportButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      const csv = await dataProvider.exportMembersCsv({ filter: filterValues, sort });
      download(csv, `membros-${todayIso()}.csv`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={exportList} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
