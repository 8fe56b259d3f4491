// /mensagens: the messages of the user's congregations, newest first, each with how many people
// it reached and how many are still waiting.
import { type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { MESSAGE_CHANNEL_LABELS } from '../../../../domain/messages';
import { formatDateTime } from '../../../../domain/formats';
import { choicesFrom } from '../../../ui/choices';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, RowLink, rowToShow } from '../../../ui/links';
import { type Message, countOf } from './types';

const R = 'resources.mensagens';
const filters = [
  <SelectInput
    key="channel"
    source="channel"
    choices={choicesFrom(MESSAGE_CHANNEL_LABELS)}
    alwaysOn
  />,
];

/** "12 de 30 enviadas" for the message's people. */
export function useProgress() {
  const translate = useTranslate();
  return (message: Message) =>
    translate(`${R}.progress`, { sent: countOf(message.counts, 'sent'), total: message.total });
}

/** A message's subject, or the start of its text (a WhatsApp message has no subject). */
export const titleOf = (message: Message) =>
  message.subject || message.body.slice(0, 60) + (message.body.length > 60 ? '…' : '');

function MessageTitle() {
  const message = useRecordContext<Message>();
  return message ? <>{titleOf(message)}</> : null;
}

export default function MessageList() {
  const translate = useTranslate();
  const progress = useProgress();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<CreateActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      empty={<EmptyList />}
      title={`${R}.title`}
    >
      {phone ? (
        <SimpleList<Message>
          primaryText={titleOf}
          secondaryText={(message) =>
            [
              MESSAGE_CHANNEL_LABELS[message.channel],
              formatDateTime(message.createdAt),
              progress(message),
            ].join(' · ')
          }
          rowClick={rowToShow}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false} empty={<EmptyList />}>
          <DataTable.Col source="subject">
            <RowLink>
              <MessageTitle />
            </RowLink>
          </DataTable.Col>
          <DataTable.Col
            source="channel"
            disableSort
            render={(message: Message) => MESSAGE_CHANNEL_LABELS[message.channel]}
          />
          <DataTable.Col
            source="kind"
            disableSort
            render={(message: Message) => translate(`${R}.kinds.${message.kind}`)}
          />
          <DataTable.Col
            source="createdAt"
            render={(message: Message) => formatDateTime(message.createdAt)}
          />
          <DataTable.NumberCol source="total" disableSort />
          <DataTable.Col source="sent" disableSort render={progress} />
        </DataTable>
      )}
    </List>
  );
}
