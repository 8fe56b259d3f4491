// /igreja/ebd/chamadas: every EBD chamada of the user's congregations, newest first, with its
// figures (each class's page lists its own).
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { LabeledButton } from '../../../ui/LabeledButton';
import { paths } from '../../../routing/paths';
import { RowLink, rowToShow } from '../../../ui/links';
import type { RollCall } from './types';

const R = 'resources.igreja/ebd';

/** No chamada yet: they are taken from each class's page. */
function NoRollCalls() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }}>
      <Typography variant="h6" component="p">
        {translate('resources.igreja/ebd/chamadas.empty')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
        {translate('resources.igreja/ebd/chamadas.invite')}
      </Typography>
      <LabeledButton
        to={paths.list('igreja/ebd')}
        label="resources.igreja/ebd/chamadas.classes"
        variant="contained"
      >
        <MenuBookIcon />
      </LabeledButton>
    </Box>
  );
}

export default function RollCallList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const figures = (rollCall: RollCall) =>
    translate(`${R}.roll_call_figures`, {
      ...rollCall.figures,
      offering: formatMoney(rollCall.figures.offeringCents),
    });
  return (
    <List
      sort={{ field: 'date', order: 'DESC' }}
      perPage={50}
      actions={false}
      exporter={false}
      empty={<NoRollCalls />}
    >
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
