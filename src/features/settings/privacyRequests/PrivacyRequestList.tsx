// /configuracoes/pedidos-lgpd (admin; issue 13): the register of the data subjects' requests —
// who asked what and when, the 15-day deadline (highlighted when near or past while the request
// is open), the status and the answer. Filters: status, type, overdue.
import { Box, Chip, type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  List,
  NullableBooleanInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
} from '../../../../domain/privacyRequests';
import { formatDate } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, RowLink, rowToEdit } from '../../../ui/links';
import { choicesFrom, labelOf } from '../../../ui/choices';
import { SearchBox } from '../../../ui/inputs';
import { DeadlineField } from './DeadlineField';
import type { PrivacyRequest } from './types';

const R = 'resources.configuracoes/pedidos-lgpd';

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={`${R}.fields.status`}
    choices={choicesFrom(PRIVACY_REQUEST_STATUS_LABELS)}
    alwaysOn
  />,
  <SelectInput
    key="kind"
    source="kind"
    label={`${R}.fields.kind`}
    choices={choicesFrom(PRIVACY_REQUEST_KIND_LABELS)}
    alwaysOn
  />,
  <NullableBooleanInput
    key="overdue"
    source="overdue"
    label={`${R}.overdue_filter`}
    nullLabel={`${R}.overdue_any`}
    trueLabel={`${R}.overdue_yes`}
    falseLabel={`${R}.overdue_no`}
    alwaysOn
  />,
];

/** Open requests near or past their deadline stand out in the list. */
const rowSx = (request: PrivacyRequest) =>
  request.deadlineState === 'overdue'
    ? { backgroundColor: 'rgba(183, 28, 28, 0.08)' }
    : request.deadlineState === 'near'
      ? { backgroundColor: 'rgba(180, 83, 9, 0.08)' }
      : {};

function StatusChip({ status }: { status: string }) {
  const closed = status === 'answered' || status === 'refused';
  return (
    <Chip
      size="small"
      variant={closed ? 'outlined' : 'filled'}
      color={status === 'answered' ? 'success' : status === 'refused' ? 'default' : 'primary'}
      label={labelOf(PRIVACY_REQUEST_STATUS_LABELS, status)}
    />
  );
}

export default function PrivacyRequestList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<CreateActions />}
      sort={{ field: 'dueOn', order: 'ASC' }}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<PrivacyRequest>
          primaryText={(request) => request.holderName}
          secondaryText={(request) =>
            `${labelOf(PRIVACY_REQUEST_KIND_LABELS, request.kind)} · ${labelOf(PRIVACY_REQUEST_STATUS_LABELS, request.status)} · ${translate(`${R}.received_short`, { date: formatDate(request.receivedOn) })}`
          }
          tertiaryText={(request) => (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              <DeadlineField request={request} />
            </Box>
          )}
          rowSx={rowSx}
          rowClick={rowToEdit}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false} rowSx={rowSx}>
          <DataTable.Col
            source="receivedOn"
            render={(request: PrivacyRequest) => formatDate(request.receivedOn)}
          />
          <DataTable.Col source="holderName">
            <RowLink source="holderName" />
          </DataTable.Col>
          <DataTable.Col
            source="kind"
            render={(request: PrivacyRequest) => labelOf(PRIVACY_REQUEST_KIND_LABELS, request.kind)}
          />
          <DataTable.Col
            source="dueOn"
            render={(request: PrivacyRequest) => <DeadlineField request={request} />}
          />
          <DataTable.Col
            source="status"
            render={(request: PrivacyRequest) => <StatusChip status={request.status} />}
          />
          <DataTable.Col
            source="answeredOn"
            render={(request: PrivacyRequest) =>
              request.answeredOn ? formatDate(request.answeredOn) : '—'
            }
          />
        </DataTable>
      )}
    </List>
  );
}
