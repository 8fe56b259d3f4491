// "Importar extrato (OFX)": the file chosen, sent to the account, and what came of it told —
// new lines, lines already imported, a warning when the file seems of another account. A file of
// several accounts is answered with them (409): the treasurer chooses one and it is sent again.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { camelCaseKeys } from '../../../providers/case';
import { useAction } from '../../../providers/useAction';
import { ChooseStatementDialog } from './ChooseStatementDialog';
import type { StatementChoice } from './types';

/** The accounts of a 409 that asks which statement of the file to import, or null. */
function statementChoices(error: unknown): StatementChoice[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = camelCaseKeys<{ statements?: StatementChoice[] }>(error.body);
  return Array.isArray(body?.statements) ? body.statements : null;
}

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
  const [several, setSeveral] = useState<{ file: File; choices: StatementChoice[] } | null>(null);
  // "nenhuma" for zero: Portuguese plurals read 0 as one ("0 linha nova").
  const count = (key: string, n: number) =>
    n === 0
      ? translate(`adam.finance.statements.${key}_none`)
      : translate(`adam.finance.statements.${key}`, { smart_count: n });
  const upload = async (file: File | undefined, statement?: number) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await run(async () => {
      try {
        return await dataProvider.importStatement(accountId, file, statement);
      } catch (error) {
        const choices = statementChoices(error);
        if (!choices) throw error;
        setSeveral({ file, choices });
        return null;
      }
    });
    if (!result) return;
    setSeveral(null);
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
      {several && (
        <ChooseStatementDialog
          choices={several.choices}
          busy={busy}
          onClose={() => setSeveral(null)}
          onChoose={(index) => upload(several.file, index)}
        />
      )}
    </>
  );
}
