import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailIcon from '@mui/icons-material/Email';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { formatDateTime } from '../../../../domain/formats';
import type { NewSelfUpdateLink } from '../../../providers/selfUpdateCalls';

const TEXTS = 'resources.membros/atualizacoes';

/**
 * The link just made: shown once, to copy, to send by WhatsApp with the message filled in, or by
 * e-mail through the church's message queue.
 */
export function NewLinkDialog({
  link,
  name,
  onClose,
}: {
  link: NewSelfUpdateLink | null;
  name: string;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const email = async () => {
    if (!link) return;
    const answer = await run(() => dataProvider.emailSelfUpdate(link.id, link.token));
    if (!answer) return;
    if (answer.status === 'queued') notify(`${TEXTS}.email_queued`, { type: 'success' });
    else
      notify(`${TEXTS}.email_not_sent`, {
        type: 'warning',
        messageArgs: { reason: answer.statusLabel.toLowerCase() },
      });
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      notify(`${TEXTS}.copied`, { type: 'info' });
    } catch {
      // A browser without clipboard access: the field is selected for Ctrl+C.
      (document.getElementById('self-update-url') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog open={Boolean(link)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(`${TEXTS}.created_title`, { name })}</DialogTitle>
      {link && (
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate(`${TEXTS}.created_text`, { datetime: formatDateTime(link.expiresAt) })}
          </Typography>
          <TextField
            id="self-update-url"
            label={translate(`${TEXTS}.link_label`)}
            value={link.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
              {translate(`${TEXTS}.copy`)}
            </Button>
            <Button variant="outlined" startIcon={<EmailIcon />} onClick={email} disabled={busy}>
              {translate(`${TEXTS}.email`)}
            </Button>
            {link.whatsappUrl && (
              <Button
                variant="contained"
                color="success"
                startIcon={<WhatsAppIcon />}
                href={link.whatsappUrl}
                target="_blank"
                rel="noopener"
              >
                {translate(`${TEXTS}.whatsapp`)}
              </Button>
            )}
          </Stack>
          {!link.whatsappUrl && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate(`${TEXTS}.no_mobile`)}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{translate(`${TEXTS}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
