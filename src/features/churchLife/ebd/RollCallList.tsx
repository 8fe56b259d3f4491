// /igreja/ebd/chamadas: every EBD chamada of the user's congregations, newest first, with its
// figures (each class's page lists its own).
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { RowLink, rowToShow } from '../../../ui/links';
import type { RollCall } from './types';

const R = 'resources.igreja/ebd';

export default function RollCallList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const figures = (rollCall: RollCall) =>
    translate(`${R}.roll_call_figures`, {
      ...rollCall.figures,
      offering: formatMoney(rollCall.figures.offeringCents),
    });
  return (
    <List sort={{ field: 'date', order: 'DESC' }} perPage={50} empty={<EmptyList />}>
      {phone ? (
        <SimpleList<RollCall>
          primaryText={(rollCall) => rollCall.name}
          secondaryText={(rollCall) => `${formatDate(rollCall.date)} · ${figures(rollCall)}`}
          rowClick={rowToShow}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col source="date" render={(rollCall: RollCall) => formatDate(rollCall.date)} />
          <DataTable.Col source="name" disableSort>
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="figures"
            disableSort
            render={(rollCall: RollCall) => figures(rollCall)}
          />
        </DataTable>
      )}
    </List>
  );
}
