import ReceiptIcon from '@mui/icons-material/Receipt';
import { Button } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { Expense } from './types';

/**
 * Opens the stored receipt: fetched with the session headers (a plain link would carry none)
 * and shown by the browser from a Blob.
 */
export function ReceiptLink({ expense }: { expense: Pick<Expense, 'id' | 'receipt'> }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  if (!expense.receipt) return null;
  const open = async () => {
    // Opened before the download, so pop-up blockers see the user's click.
    const target = window.open('', '_blank');
    try {
      const blob = await dataProvider.getReceipt(expense.id);
      if (!(blob instanceof Blob)) {
        target?.close();
        return;
      }
      const url = URL.createObjectURL(blob);
      if (target) target.location.href = url;
      else window.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      target?.close();
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  };
  return (
    <Button size="small" startIcon={<ReceiptIcon />} onClick={open}>
      {expense.receipt.fileName}
    </Button>
  );
}
