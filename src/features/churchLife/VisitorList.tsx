// /igreja/visitantes: the visitors of the user's congregations, newest first, with their visits;
// "Cadastrar visitante" adds one outside a culto.
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, type Theme, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  List,
  NullableBooleanInput,
  SimpleList,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDate, formatPhone } from '../../../domain/formats';
import { EmptyList } from '../../ui/EmptyList';
import { RowLink, rowToShow } from '../../ui/links';
import { SearchBox } from '../../ui/inputs';
import type { Visitor } from './types';
import { VisitorQuickAdd } from './VisitorQuickAdd';

const R = 'resources.igreja/visitantes';
const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="firstVisit" source="firstVisit" alwaysOn />,
];

function VisitorActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <Button startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        {translate('adam.visitor_form.title')}
      </Button>
      <VisitorQuickAdd open={open} onClose={() => setOpen(false)} onSaved={refresh} />
    </TopToolbar>
  );
}

export default function VisitorList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const lastVisit = (visitor: Visitor) =>
    visitor.lastVisitOn ? formatDate(visitor.lastVisitOn) : '—';
  return (
    <List
      filters={filters}
      actions={<VisitorActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={false}
    >
      {phone ? (
        <SimpleList<Visitor>
          primaryText={(visitor) => visitor.name}
          secondaryText={(visitor) =>
            [
              visitor.phone ? formatPhone(visitor.phone) : null,
              visitor.congregationName,
              `${translate(`${R}.fields.visitCount`)}: ${visitor.visitCount}`,
              `${translate(`${R}.fields.lastVisitOn`)}: ${lastVisit(visitor)}`,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          rowClick={rowToShow}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false} empty={<EmptyList />}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="phone"
            disableSort
            render={(visitor: Visitor) => (visitor.phone ? formatPhone(visitor.phone) : '—')}
          />
          <DataTable.Col source="congregationName" disableSort />
          <DataTable.Col
            source="invitedByName"
            disableSort
            render={(visitor: Visitor) => visitor.invitedByName ?? '—'}
          />
          <DataTable.Col
            source="firstVisit"
            disableSort
            render={(visitor: Visitor) => yesNo(visitor.firstVisit)}
          />
          <DataTable.NumberCol source="visitCount" disableSort />
          <DataTable.Col source="lastVisitOn" disableSort render={lastVisit} />
          <DataTable.Col
            source="createdAt"
            render={(visitor: Visitor) => formatDate(visitor.createdAt.slice(0, 10))}
          />
        </DataTable>
      )}
    </List>
  );
}
