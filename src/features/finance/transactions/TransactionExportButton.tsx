import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { financeApi, saveFile } from '../financeApi';

/** CSV of every filtered movement (not just the page), made by the server. */
export function TransactionExportButton() {
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(
        await financeApi.exportTransactions({ filter: filterValues, sort }),
        `lancamentos-${todayIso()}.csv`,
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={run} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
