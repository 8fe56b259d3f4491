// The receipt of an expense: a photo or a PDF picked here and sent after the expense is saved
// (see useReceiptUpload); the one already stored can be opened or removed.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { ReceiptLink } from './ReceiptLink';
import type { Expense } from './types';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

export function ReceiptInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run } = useAction();
  const refresh = useRefresh();
  const expense = useRecordContext<Expense>();
  const { setValue } = useFormContext();
  const file = useWatch({ name: 'receiptFile' }) as File | null | undefined;
  const [error, setError] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!TYPES.includes(chosen.type)) {
      setError(translate('adam.finance.receipt_type'));
      return;
    }
    if (chosen.size > RECEIPT_MAX_BYTES) {
      setError(translate('adam.finance.receipt_size'));
      return;
    }
    setError(null);
    setValue('receiptFile', chosen, { shouldDirty: true });
  };

  const remove = async () => {
    if (!expense) return;
    const id = expense.id;
    if ((await run(() => dataProvider.deleteReceipt(id))) === null) return;
    notify('adam.finance.receipt_removed', { type: 'info' });
    refresh();
  };

  return (
    <Box sx={{ mt: 1, mb: 2 }} className="span-2">
      <Typography variant="body2" color="textSecondary" gutterBottom>
        {translate('adam.finance.receipt')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {expense?.receipt && !file && (
          <>
            <ReceiptLink expense={expense} />
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={remove}>
              {translate('adam.finance.receipt_remove')}
            </Button>
          </>
        )}
        {file && <Typography>{file.name}</Typography>}
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
          {translate(
            expense?.receipt || file
              ? 'adam.finance.receipt_replace'
              : 'adam.finance.receipt_choose',
          )}
          <input
            name="receipt-file"
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            hidden
            onChange={choose}
          />
        </Button>
      </Stack>
      <FormHelperText error={Boolean(error)}>
        {error ?? translate('adam.finance.receipt_help')}
      </FormHelperText>
    </Box>
  );
}
