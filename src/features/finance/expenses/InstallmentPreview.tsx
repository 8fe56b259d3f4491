import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { installmentDueDates, splitAmount } from '../../../../domain/finance/installments';
import { formatDate, formatMoney } from '../../../../domain/formats';

/** What the split will be, before saving: "3 parcelas: R$ 411,52 em 10/02/2026, …". */
export function InstallmentPreview() {
  const translate = useTranslate();
  const [amount, count, due, payWith] = useWatch({
    name: ['amountCents', 'installments', 'dueDate', 'payWith'],
  }) as [number | null, number | null, string | null, string];
  const installments = Number(count);
  if (!amount || !Number.isInteger(installments) || installments < 2 || installments > 60)
    return null;
  const parts = splitAmount(amount, installments);
  if (payWith === 'card') {
    return (
      <Alert severity="info" className="span-2" sx={{ mb: 2 }}>
        {translate(
          parts[0] === parts[parts.length - 1]
            ? 'adam.finance.card_installments_even'
            : 'adam.finance.card_installments_preview',
          {
            count: installments,
            amount: formatMoney(parts[0]),
            last: formatMoney(parts[parts.length - 1]),
          },
        )}
      </Alert>
    );
  }
  const dues = due ? installmentDueDates(due, installments) : [];
  return (
    <Alert severity="info" className="span-2" sx={{ mb: 2 }}>
      {translate('adam.finance.installments_preview', { count: installments })}{' '}
      {parts
        .map((part, i) =>
          dues[i] ? `${formatMoney(part)} em ${formatDate(dues[i])}` : formatMoney(part),
        )
        .join('; ')}
      .
    </Alert>
  );
}
