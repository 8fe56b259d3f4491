import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext } from 'react-admin';
import { monthRange } from '../../../domain/finance/installments';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import { LabeledButton } from '../../ui/LabeledButton';

/**
 * The month's journal entries as the accountant imports them (date; debit; credit; amount;
 * histórico; cost centre), for the balancete's month and congregation filter, in the user's
 * congregations.
 */
export function AccountantFileButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues } = useListContext();
  const { download, busy } = useDownload();
  const month = filterValues.month as string | undefined;
  const run = () => {
    if (!month) return;
    const { start, end } = monthRange(`${month}-01`);
    const congregationId = filterValues.congregationId as number | undefined;
    const includeSubtree = filterValues.includeSubtree === true;
    void download(() => dataProvider.accountingCsv(start, end, { congregationId, includeSubtree }));
  };
  return (
    <LabeledButton
      label="adam.reports.trial_balance.accountant_file"
      onClick={run}
      disabled={busy || !month}
    >
      <DownloadIcon />
    </LabeledButton>
  );
}
