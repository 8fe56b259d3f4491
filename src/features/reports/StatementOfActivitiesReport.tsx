import { useTranslate } from 'react-admin';
import { formatDate } from '../../../domain/formats';
import { sameDaysLastYear } from '../../../domain/reports';
import { type Period, type StatementLine, StatementReport } from './StatementReport';

type Row = StatementLine & { currentCents: number; previousCents: number };

/** "01/10/2026 a 31/10/2026": a column's period. */
const periodLabel = ({ from, to }: Period) => `${formatDate(from)} a ${formatDate(to)}`;

/** /financeiro/demonstracao-do-resultado: the DRP, by competência, last year beside it. */
export default function StatementOfActivitiesReport() {
  const translate = useTranslate();
  return (
    <StatementReport<Row>
      report="statement_of_activities"
      amounts={[
        {
          key: 'current',
          label: periodLabel,
          short: translate('adam.reports.statement_of_activities.current_short'),
          cents: (row) => row.currentCents,
        },
        {
          key: 'previous',
          label: (period) =>
            translate('adam.reports.statement_of_activities.previous', {
              period: periodLabel(sameDaysLastYear(period)),
            }),
          short: translate('adam.reports.statement_of_activities.previous_short'),
          cents: (row) => row.previousCents,
        },
      ]}
    />
  );
}
