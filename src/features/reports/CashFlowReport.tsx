import { useTranslate } from 'react-admin';
import { type StatementLine, StatementReport } from './StatementReport';

type Row = StatementLine & { amountCents: number };

/** /financeiro/fluxo-de-caixa: the DFC, direct method, by cash. */
export default function CashFlowReport() {
  const translate = useTranslate();
  return (
    <StatementReport<Row>
      report="cash_flow"
      amounts={[
        {
          key: 'amount',
          label: () => translate('adam.reports.cash_flow.amount'),
          cents: (row) => row.amountCents,
        },
      ]}
    />
  );
}
