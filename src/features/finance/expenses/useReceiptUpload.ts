import { useRef } from 'react';
import { useDataProvider, useNotify, useRedirect, useResourceContext } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { isSessionEndAnswer } from '../../../providers/useAction';
import { paths } from '../../../routing/paths';
import { type ExpenseForm, expensePayload } from './types';

/**
 * Create and edit of an expense: the JSON goes first; the receipt chosen in the form is sent
 * right after (its own request, up to 5 MB), then the detail page opens.
 */
export function useReceiptUpload(message: string) {
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const redirect = useRedirect();
  const resource = useResourceContext() ?? 'financeiro/despesas';
  const pending = useRef<File | null>(null);

  const transform = (form: ExpenseForm) => {
    pending.current = form.receiptFile ?? null;
    return expensePayload(form);
  };

  const onSuccess = async (data: { id: number }) => {
    const file = pending.current;
    pending.current = null;
    if (file) {
      try {
        const stored = await dataProvider.uploadReceipt(data.id, file);
        if (isSessionEndAnswer(stored)) return;
      } catch (error) {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
          type: 'error',
        });
        redirect(paths.edit(resource, data.id));
        return;
      }
    }
    notify(message, { type: 'info', messageArgs: { smart_count: 1 } });
    redirect(paths.show(resource, data.id));
  };

  return { transform, mutationOptions: { onSuccess } };
}
