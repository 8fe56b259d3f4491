// /mensagens/{id}: a message, its counts by state and the per-person log (sent, failed with the
// SMTP server's answer, bounced, skipped); for WhatsApp, each person's link with the text filled
// in, marked as sent when opened. Refreshed while deliveries wait in the queue.
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Show, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  MESSAGE_CHANNEL_LABELS,
} from '../../../../domain/messages';
import { formatDateTime, formatPhone } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { Delivery } from '../../../providers/messageCalls';
import { titleOf } from './MessageList';
import { type Message, countOf, countsOf } from './types';

const R = 'resources.mensagens';
const PAGE = 50;
const WAITING: DeliveryStatus[] = ['queued', 'sending'];

function DeliveryLog({ message }: { message: Message }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [shown, setShown] = useState(PAGE);
  const waiting = WAITING.some((state) => countOf(message.counts, state) > 0);
  const { data } = useQuery({
    queryKey: ['mensagens', message.id, 'deliveries', status, shown],
    queryFn: () =>
      dataProvider.messageDeliveries(message.id, {
        status: status || undefined,
        range: [0, shown - 1],
      }),
    refetchInterval: waiting ? 3_000 : false,
  });
  const statusLabel = (value: DeliveryStatus) => DELIVERY_STATUS_LABELS[value];
  const markSent = async (delivery: Delivery) => {
    try {
      await dataProvider.markWhatsappSent(message.id, delivery.id);
      void queryClient.invalidateQueries({ queryKey: ['mensagens', message.id] });
      void queryClient.invalidateQueries({ queryKey: ['mensagens', 'getOne'] });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const present = countsOf(message.counts);
  return (
    <Card component="section" aria-labelledby="message-log" sx={{ mt: 2, mb: { xs: 10, sm: 4 } }}>
      <CardContent>
        <Typography id="message-log" variant="h6" component="h2">
          {translate(`${R}.log_title`)}
        </Typography>
        {message.channel === 'whatsapp' && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {translate(`${R}.whatsapp_help`)}
          </Typography>
        )}
        <TextField
          select
          size="small"
          label={translate(`${R}.log_filter`)}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as DeliveryStatus | '');
            setShown(PAGE);
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220, my: 1 }}
        >
          <MenuItem value="">{translate(`${R}.all`)}</MenuItem>
          {present.map(({ status: state, count }) => (
            <MenuItem key={state} value={state}>
              {`${statusLabel(state)} (${count})`}
            </MenuItem>
          ))}
        </TextField>
        {data && data.data.length === 0 && (
          <Typography color="textSecondary">{translate(`${R}.log_empty`)}</Typography>
        )}
        <List dense aria-labelledby="message-log">
          {data?.data.map((delivery) => (
            <ListItem
              key={delivery.id}
              disableGutters
              divider
              sx={{ flexWrap: 'wrap', gap: 1 }}
              data-testid="delivery"
            >
              <ListItemText
                sx={{ minWidth: 200 }}
                primary={delivery.name}
                secondary={[
                  message.channel === 'whatsapp' && delivery.address
                    ? formatPhone(delivery.address)
                    : delivery.address,
                  statusLabel(delivery.status),
                  delivery.sentAt ? formatDateTime(delivery.sentAt) : null,
                  delivery.error ? `${translate(`${R}.error`)}: ${delivery.error}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {delivery.whatsappUrl && (
                <Button
                  component="a"
                  href={delivery.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant={delivery.status === 'sent' ? 'text' : 'contained'}
                  color="success"
                  startIcon={<WhatsAppIcon />}
                  onClick={() => void markSent(delivery)}
                  aria-label={`${translate(`${R}.whatsapp_open`)}: ${delivery.name}`}
                >
                  {translate(`${R}.whatsapp_open`)}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
        {data && data.total > shown && (
          <Button onClick={() => setShown(shown + PAGE)}>{translate(`${R}.more`)}</Button>
        )}
      </CardContent>
    </Card>
  );
}

function MessageDetails() {
  const translate = useTranslate();
  const message = useRecordContext<Message>();
  if (!message) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {titleOf(message)}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        {[
          MESSAGE_CHANNEL_LABELS[message.channel],
          translate(`${R}.kinds.${message.kind}`),
          formatDateTime(message.createdAt),
          message.createdByName,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}>
        {message.body}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }} data-testid="message-counts">
        {countsOf(message.counts).map(({ status, count }) => (
          <Chip key={status} label={`${DELIVERY_STATUS_LABELS[status]}: ${count}`} />
        ))}
      </Stack>
      <DeliveryLog message={message} />
    </Box>
  );
}

export default function MessageShow() {
  return (
    <Show
      actions={false}
      title={`${R}.title`}
      queryOptions={{
        // The counts move while the queue sends.
        refetchInterval: (query) => {
          const counts = (query.state.data as Message | undefined)?.counts ?? {};
          return WAITING.some((state) => countOf(counts, state) > 0) ? 3_000 : false;
        },
      }}
    >
      <MessageDetails />
    </Show>
  );
}
