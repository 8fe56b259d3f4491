// The expenses of a vendor or the incomes of a donor, newest first, on its detail page.
import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { RowLink, rowToShowOf } from '../../../ui/links';
import { Money } from '../../../ui/Money';

interface Movement {
  id: number;
  date: string;
  description: string | null;
  amountCents: number;
}

export function PartyMovements(props: {
  title: string;
  reference: string;
  target: string;
  empty: string;
}) {
  const translate = useTranslate();
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(props.title)}
        </Typography>
        <ReferenceManyField
          reference={props.reference}
          target={props.target}
          sort={{ field: 'date', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
          empty={<Typography color="textSecondary">{translate(props.empty)}</Typography>}
        >
          <DataTable rowClick={rowToShowOf(props.reference)} bulkActionButtons={false}>
            <DataTable.Col
              source="date"
              label="adam.finance.date"
              render={(row: Movement) => <RowLink>{formatDate(row.date)}</RowLink>}
            />
            <DataTable.Col source="description" label="adam.finance.description" disableSort />
            <DataTable.Col
              source="amountCents"
              label="adam.finance.amount"
              align="right"
              render={(row: Movement) => <Money cents={row.amountCents} />}
            />
          </DataTable>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}
