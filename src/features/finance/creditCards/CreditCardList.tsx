import { Box, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { BooleanInput, DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToEdit, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { Money } from '../../../ui/Money';
import type { CreditCard } from './types';

const filters = [
  <BooleanInput key="active" source="active" label="adam.finance.active_only" alwaysOn />,
];

const cardName = (card: CreditCard) =>
  [card.name, card.lastDigits && `final ${card.lastDigits}`].filter(Boolean).join(' · ');

function OpenInvoice({ card }: { card: CreditCard }) {
  const translate = useTranslate();
  return (
    <Box>
      <Money cents={card.openInvoiceCents} strong />
      <Typography variant="caption" color="textSecondary" component="div">
        {translate('adam.finance.invoice_due_on', { date: formatDate(card.openInvoiceDueDate) })}
      </Typography>
    </Box>
  );
}

/** The cards with the open invoice (the one today's purchases fall into) and the limit left. */
export default function CreditCardList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      filterDefaultValues={{ active: true }}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<CreditCard>
          primaryText={cardName}
          secondaryText={(card) =>
            translate('adam.finance.open_invoice_line', {
              amount: formatMoney(card.openInvoiceCents),
              date: formatDate(card.openInvoiceDueDate),
            })
          }
          tertiaryText={(card) =>
            translate('adam.finance.limit_left_line', { amount: formatMoney(card.limitLeftCents) })
          }
          rowClick={(id) => rowToEdit(id, 'financeiro/cartoes-de-credito')}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false}>
          <DataTable.Col
            source="name"
            label="adam.finance.card"
            render={(card: CreditCard) => <RowLink>{cardName(card)}</RowLink>}
          />
          <DataTable.Col source="brand" label="adam.finance.brand" disableSort />
          <DataTable.Col
            source="closingDay"
            label="adam.finance.days"
            render={(card: CreditCard) =>
              translate('adam.finance.days_line', { closing: card.closingDay, due: card.dueDay })
            }
          />
          <DataTable.Col
            source="openInvoiceCents"
            label="adam.finance.open_invoice"
            disableSort
            align="right"
            render={(card: CreditCard) => <OpenInvoice card={card} />}
          />
          <DataTable.Col
            source="limitCents"
            label="adam.finance.limit"
            align="right"
            render={(card: CreditCard) => <Money cents={card.limitCents} />}
          />
          <DataTable.Col
            source="limitLeftCents"
            label="adam.finance.limit_left"
            disableSort
            align="right"
            render={(card: CreditCard) => <Money cents={card.limitLeftCents} signed strong />}
          />
          <DataTable.Col
            source="active"
            label="adam.finance.situation"
            disableSort
            render={(card: CreditCard) =>
              card.active ? null : <Chip size="small" label="Desativado" />
            }
          />
        </DataTable>
      )}
    </List>
  );
}
