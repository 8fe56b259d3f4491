// The compose form's preview: how many people the audience holds in each state, the first of
// them, and the text as one of them will read it (POST /api/messages/preview).
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from '../../../../domain/messages';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { MessageDraft, MessagePreview } from '../../../providers/messageCalls';
import { countsOf } from './types';

const R = 'resources.mensagens';

export function MessagePreviewPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { getValues } = useFormContext<MessageDraft>();
  const watched = JSON.stringify(useWatch());
  const [preview, setPreview] = useState<{ of: string; result: MessagePreview } | null>(null);
  const [loading, setLoading] = useState(false);

  const run = async () => {
    setLoading(true);
    try {
      const of = JSON.stringify(getValues());
      setPreview({ of, result: await dataProvider.previewMessage(getValues()) });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  const status = (value: DeliveryStatus) => DELIVERY_STATUS_LABELS[value];
  const result = preview?.result;
  return (
    <Box component="section" aria-labelledby="message-preview" sx={{ width: '100%', mt: 2 }}>
      <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={run} disabled={loading}>
        {translate(`${R}.preview`)}
      </Button>
      {result && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Typography id="message-preview" variant="h6" component="h2">
              {translate(`${R}.preview_title`)}
            </Typography>
            {preview.of !== watched && (
              <Alert severity="warning" sx={{ my: 1 }}>
                {translate(`${R}.preview_stale`)}
              </Alert>
            )}
            <Typography sx={{ mt: 1 }} data-testid="preview-total">
              {translate(`${R}.preview_total`, { smart_count: result.total })}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
              {countsOf(result.counts).map(({ status: key, count }) => (
                <Chip key={key} label={`${status(key)}: ${count}`} />
              ))}
            </Stack>
            {result.total === 0 ? (
              <Typography color="textSecondary">{translate(`${R}.preview_none`)}</Typography>
            ) : (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
                  {translate(`${R}.preview_first`)}
                </Typography>
                <List dense>
                  {result.people.map((person, index) => (
                    <ListItem key={index} disableGutters>
                      <ListItemText
                        primary={person.name}
                        secondary={[person.address, status(person.status)]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {result.sample && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="subtitle1" component="h3">
                  {translate(`${R}.preview_sample`, { name: result.sample.name })}
                </Typography>
                <Box
                  data-testid="preview-sample"
                  sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
                >
                  {result.sample.subject && (
                    <Typography sx={{ fontWeight: 600, mb: 1 }}>{result.sample.subject}</Typography>
                  )}
                  {result.sample.body}
                </Box>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
