import { Box, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useRefresh,
  useTranslate,
} from 'react-admin';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { formatDate, formatDateTime } from '../../../../domain/formats';
import {
  TRANSFER_DIRECTION_LABELS,
  TRANSFER_STATE_LABELS,
  type TransferState,
} from '../../../../domain/transfers';
import type { Transfer } from '../../../providers/transferCalls';
import { choicesFrom } from '../../../ui/choices';
import { LabeledButton } from '../../../ui/LabeledButton';
import { rowToShowOf } from '../../../ui/links';
import { IncomingTransferDialog } from './IncomingTransferDialog';
import { TransferActions } from './TransferActions';
import { TransferStateChip } from '../../../ui/TransferStateChip';

const T = 'resources.membros/transferencias';
const toMember = (_id: unknown, _resource: unknown, row: Transfer) =>
  rowToShowOf('membros')(row.memberId);

/** Who confirmed, and when; who cancelled; or who sent the letter. */
export function TransferNote({ transfer }: { transfer: Transfer }) {
  const translate = useTranslate();
  let text = '';
  if (transfer.state === 'confirmed') {
    if (transfer.receivingChurch) {
      text = translate(`${T}.confirmed_by_church`, {
        church: transfer.receivingChurch,
        name: transfer.confirmedByName ?? '—',
        date: formatDateTime(transfer.confirmedAt),
      });
    } else if (transfer.confirmedBy) {
      text = translate(`${T}.confirmed_in_office`, {
        user: transfer.confirmedBy,
        date: formatDateTime(transfer.confirmedAt),
      });
    } else {
      text = translate(`${T}.confirmed_before`);
    }
  } else if (transfer.state === 'cancelled') {
    text = translate(`${T}.cancelled_by`, {
      user: transfer.cancelledBy ?? '—',
      date: formatDateTime(transfer.cancelledAt),
    });
  } else if (transfer.state === 'sent') {
    text = translate(`${T}.sent_by`, {
      user: transfer.sentBy ?? '—',
      date: formatDateTime(transfer.sentAt),
    });
  }
  return text ? (
    <Typography variant="body2" color="textSecondary">
      {text}
    </Typography>
  ) : null;
}

const churchOf = (row: Transfer) => [row.church, row.city].filter(Boolean).join(' – ');
const letterOf = (row: Transfer) =>
  [row.letterNumber, row.letterDate ? formatDate(row.letterDate) : null]
    .filter(Boolean)
    .join(' · ');

function Actions({ row }: { row: Transfer }) {
  const refresh = useRefresh();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <TransferActions
        transfer={{ ...row, state: row.state as TransferState }}
        onChanged={refresh}
      />
    </Stack>
  );
}

function TransferTable() {
  return (
    <DataTable rowClick={toMember} bulkActionButtons={false}>
      <DataTable.Col
        source="direction"
        render={(row: Transfer) => TRANSFER_DIRECTION_LABELS[row.direction]}
      />
      <DataTable.Col
        source="state"
        render={(row: Transfer) => <TransferStateChip state={row.state} />}
      />
      <DataTable.Col source="memberName" disableSort />
      <DataTable.Col source="letterNumber" disableSort render={letterOf} />
      <DataTable.Col source="church" disableSort render={churchOf} />
      <DataTable.Col
        source="confirmation"
        disableSort
        render={(row: Transfer) => <TransferNote transfer={row} />}
      />
      <DataTable.Col label={false} disableSort render={(row: Transfer) => <Actions row={row} />} />
    </DataTable>
  );
}

function TransferSimpleList() {
  return (
    <SimpleList<Transfer>
      primaryText={(row) => row.memberName}
      secondaryText={(row) =>
        `${TRANSFER_DIRECTION_LABELS[row.direction]} · ${TRANSFER_STATE_LABELS[row.state]} · ${churchOf(row)}`
      }
      tertiaryText={(row) => letterOf(row)}
      rowClick={(_id, _resource, row) => toMember(_id, _resource, row as Transfer)}
    />
  );
}

function ListActions() {
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <LabeledButton label={`${T}.incoming.open`} variant="contained" onClick={() => setOpen(true)}>
        <MoveToInboxIcon />
      </LabeledButton>
      {open && (
        <IncomingTransferDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      )}
    </TopToolbar>
  );
}

const filters = [
  <SelectInput
    key="direction"
    source="direction"
    label={`${T}.fields.direction`}
    choices={choicesFrom(TRANSFER_DIRECTION_LABELS)}
    emptyText={`${T}.all_directions`}
    alwaysOn
  />,
  <SelectInput
    key="state"
    source="state"
    label={`${T}.fields.state`}
    choices={choicesFrom(TRANSFER_STATE_LABELS)}
    emptyText={`${T}.all_states`}
    alwaysOn
  />,
];

function NoTransfers() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }}>
      <MoveToInboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(`${T}.empty`)}
      </Typography>
      <Typography color="textSecondary">{translate(`${T}.invite`)}</Typography>
      <ListActions />
    </Box>
  );
}

/** /membros/transferencias: outgoing and incoming transfers, newest first, with their steps. */
export default function TransferList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<ListActions />}
      empty={<NoTransfers />}
    >
      {phone ? <TransferSimpleList /> : <TransferTable />}
    </List>
  );
}
