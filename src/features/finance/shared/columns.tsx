// Columns the finance lists share: a date, the amount, the name of a referenced record.
import { DataTable } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { RowLink } from '../../../ui/links';
import { CongregationField } from '../../../ui/CongregationField';
import { Money } from '../../../ui/Money';
import { REFERENCES, ReferenceName, type ReferenceNameProps } from './references';

/**
 * A date of the row as DD/MM/AAAA, sortable. With `link`, the date is the row's link (for lists
 * whose rows have no name: the row then opens from the keyboard too).
 */
export function DateColumn({
  source = 'date',
  label = 'adam.finance.date',
  link = false,
}: {
  source?: string;
  label?: string;
  link?: boolean;
}) {
  return (
    <DataTable.Col
      source={source}
      label={label}
      render={(record: Record<string, string>) =>
        link ? <RowLink>{formatDate(record[source])}</RowLink> : formatDate(record[source])
      }
    />
  );
}

/** The row's amount in reais, right-aligned and sortable. */
export function AmountColumn({ signed, strong }: { signed?: boolean; strong?: boolean }) {
  return (
    <DataTable.Col
      source="amountCents"
      label="adam.finance.amount"
      align="right"
      render={(record: { amountCents: number }) => (
        <Money cents={record.amountCents} signed={signed} strong={strong} />
      )}
    />
  );
}

/** The name of the record the row points at (its category, account, vendor…). */
export function ReferenceColumn(props: ReferenceNameProps) {
  return (
    <DataTable.Col source={props.source} label={REFERENCES[props.source].label} disableSort>
      <ReferenceName {...props} />
    </DataTable.Col>
  );
}

/** The congregation (cost centre) the row belongs to (issue 12). */
export function CongregationColumn() {
  return (
    <DataTable.Col source="congregationName" label="adam.congregation.label" disableSort>
      <CongregationField />
    </DataTable.Col>
  );
}

/** A phone row's second line with the row's congregation after it: "10/03/2026 · Sede". */
export const withCongregation = (text: string, record: { congregationName?: string | null }) =>
  record.congregationName ? `${text} · ${record.congregationName}` : text;
