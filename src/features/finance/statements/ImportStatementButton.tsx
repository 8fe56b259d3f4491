// "Importar extrato (OFX)": the file chosen, sent to the account, and what came of it told —
// new lines, lines already imported, a warning when the file seems of another account.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useRef } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';

export function ImportStatementButton({
  accountId,
  goToReconciliation = false,
}: {
  accountId: number;
  /** From the account's page: on to the reconciliation screen once imported. */
  goToReconciliation?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const input = useRef<HTMLInputElement>(null);
  // "nenhuma" for zero: Portuguese plurals read 0 as one ("0 linha nova").
  const count = (key: string, n: number) =>
    n === 0
      ? translate(`adam.finance.statements.${key}_none`)
      : translate(`adam.finance.statements.${key}`, { smart_count: n });
  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await run(() => dataProvider.importStatement(accountId, file));
    if (!result) return;
    const { newCount, knownCount } = result.statement;
    notify('adam.finance.statements.imported', {
      type: 'info',
      messageArgs: { new: count('new_lines', newCount), known: count('known_lines', knownCount) },
    });
    for (const warning of result.warnings) notify(warning, { type: 'warning' });
    if (goToReconciliation) navigate(`/financeiro/conciliacao?conta=${accountId}`);
    else refresh();
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".ofx,.OFX,application/x-ofx,application/ofx"
        hidden
        data-testid="ofx-file"
        onChange={(event) => upload(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        disabled={busy}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {translate(busy ? 'adam.finance.statements.importing' : 'adam.finance.statements.import')}
      </Button>
    </>
  );
}
