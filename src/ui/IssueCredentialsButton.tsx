import AutorenewIcon from '@mui/icons-material/Autorenew';
import BadgeIcon from '@mui/icons-material/Badge';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useDownload } from '../providers/downloads';
import { useAction } from '../providers/useAction';
import { credentialsPdfName } from '../providers/credentialFiles';

/**
 * Bulk action of lists whose rows are members: issues their cards in one go (renew: also to
 * those with a valid card) and downloads them as one PDF for batch printing.
 */
export function IssueCredentialsButton({ renew = false }: { renew?: boolean }) {
  const { selectedIds, onUnselectItems, refetch } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const { download, busy: downloading } = useDownload();
  const issue = async () => {
    const result = await run(() =>
      dataProvider.issueCredentials({ memberIds: selectedIds, renew }),
    );
    if (!result) return;
    if (result.issued > 0) {
      notify('adam.credentials.bulk_done', {
        type: 'success',
        messageArgs: { smart_count: result.issued },
      });
    } else {
      notify('adam.credentials.bulk_none', { type: 'warning' });
    }
    onUnselectItems();
    refetch();
    if (result.ids.length > 0) {
      const { ids } = result;
      await download(() => dataProvider.credentialsPdf(ids), credentialsPdfName(ids));
    }
  };
  return (
    <Button
      label={renew ? 'adam.credentials.bulk_renew' : 'adam.credentials.bulk_issue'}
      onClick={issue}
      disabled={busy || downloading}
    >
      {renew ? <AutorenewIcon /> : <BadgeIcon />}
    </Button>
  );
}
