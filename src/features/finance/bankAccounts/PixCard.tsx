// Pix without a gateway on the bank account's page (issue 25): the account's key, the receiver's
// name and city, and "Cartaz Pix": the QR code and copia e cola text of a purpose, shown on the
// screen and printed as a poster for the church's wall and bulletin.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import {
  Box,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  Form,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  PIX_CITY_MAX,
  PIX_KEY_TYPE_LABELS,
  PIX_NAME_MAX,
  PIX_PURPOSE_LABELS,
  type PixPurpose,
} from '../../../../domain/finance/pix';
import { formatDocument } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { useAction, useFormSubmit } from '../../../providers/useAction';
import { useCanWrite } from '../../../routing/useCanWrite';
import { choicesFrom, labelOf } from '../../../ui/choices';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { FormGrid } from '../../../ui/FormGrid';
import { LabeledButton } from '../../../ui/LabeledButton';
import { MoneyInput } from '../../../ui/inputs';
import type { BankAccount } from './types';

const KEY_TYPE_CHOICES = choicesFrom(PIX_KEY_TYPE_LABELS);
const PURPOSE_CHOICES = choicesFrom(PIX_PURPOSE_LABELS);

function PixKeyDialog({ account, onClose }: { account: BankAccount; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useFormSubmit();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const save = (values: Record<string, unknown>) =>
    submit(
      () => dataProvider.setBankAccountPix(account.id, values),
      () => {
        notify('adam.finance.pix.saved', { type: 'info' });
        onClose();
        refresh();
      },
    );

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth>
      <Form
        disableInvalidFormNotification
        noValidate
        onSubmit={save}
        record={{
          pixKeyType: account.pixKeyType ?? 'cnpj',
          pixKey: account.pixKey ?? '',
          pixName: account.pixName ?? '',
          pixCity: account.pixCity ?? '',
        }}
      >
        <DialogTitle>{translate('adam.finance.pix.key_title')}</DialogTitle>
        <DialogContent>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {translate('adam.finance.pix.key_help')}
          </Typography>
          <FormGrid>
            <SelectInput
              source="pixKeyType"
              label="adam.finance.pix.key_type"
              choices={KEY_TYPE_CHOICES}
              validate={required()}
            />
            <TextInput source="pixKey" label="adam.finance.pix.key" validate={required()} />
            <TextInput
              source="pixName"
              label="adam.finance.pix.name"
              helperText="adam.finance.pix.name_help"
              validate={required()}
              slotProps={{ htmlInput: { maxLength: PIX_NAME_MAX } }}
            />
            <TextInput
              source="pixCity"
              label="adam.finance.pix.city"
              validate={required()}
              slotProps={{ htmlInput: { maxLength: PIX_CITY_MAX } }}
            />
          </FormGrid>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <FormSaveButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

interface Shown {
  payload: string;
  svg: string;
  purpose: PixPurpose;
  amountCents: number | null;
}

function PixPosterDialog({ account, onClose }: { account: BankAccount; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { run } = useAction();
  const { download, busy } = useDownload();
  const [shown, setShown] = useState<Shown | null>(null);

  const show = async (values: Record<string, unknown>) => {
    const purpose = values.purpose as PixPurpose;
    const amountCents = (values.amountCents as number | null | undefined) ?? null;
    const code = await run(() =>
      dataProvider.pixCode({ bankAccountId: account.id, purpose, amountCents }),
    );
    if (code) setShown({ ...code, purpose, amountCents });
  };

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.payload);
      notify('adam.finance.pix.copied', { type: 'info' });
    } catch {
      notify('adam.finance.pix.copy_failed', { type: 'warning' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth>
      <Form
        disableInvalidFormNotification
        noValidate
        onSubmit={show}
        record={{ purpose: 'DIZIMO' }}
      >
        <DialogTitle>{translate('adam.finance.pix.poster_title')}</DialogTitle>
        <DialogContent>
          <FormGrid>
            <SelectInput
              source="purpose"
              label="adam.finance.pix.purpose"
              choices={PURPOSE_CHOICES}
              validate={required()}
            />
            <MoneyInput
              source="amountCents"
              label="adam.finance.pix.amount"
              helperText="adam.finance.pix.amount_help"
            />
          </FormGrid>
          <FormSaveButton label="adam.finance.pix.show" icon={<QrCode2Icon />} variant="outlined" />
          {shown && (
            <Stack spacing={2} sx={{ mt: 3, alignItems: 'center' }} data-testid="pix-code">
              <Typography variant="h5" component="p">
                {labelOf(PIX_PURPOSE_LABELS, shown.purpose)}
              </Typography>
              <Box
                component="img"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.svg)}`}
                alt={translate('adam.finance.pix.qr_alt', {
                  purpose: labelOf(PIX_PURPOSE_LABELS, shown.purpose),
                })}
                sx={{ width: 240, maxWidth: '100%', height: 'auto' }}
              />
              <TextField
                label={translate('adam.finance.pix.copy_paste')}
                value={shown.payload}
                multiline
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
                <LabeledButton label="adam.finance.pix.copy" onClick={copy}>
                  <ContentCopyIcon />
                </LabeledButton>
                <LabeledButton
                  label="adam.finance.pix.poster_pdf"
                  disabled={busy}
                  onClick={() =>
                    download(() =>
                      dataProvider.pixPoster({
                        bankAccountId: account.id,
                        purpose: shown.purpose,
                        amountCents: shown.amountCents,
                      }),
                    )
                  }
                >
                  <PictureAsPdfIcon />
                </LabeledButton>
              </Stack>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The account's Pix: its key and receiver, "Chave Pix" to change them, "Cartaz Pix". */
export function PixCard() {
  const account = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const writable = useCanWrite();
  const [dialog, setDialog] = useState<'key' | 'poster' | null>(null);
  if (!account) return null;
  const close = () => setDialog(null);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('adam.finance.pix.title')}
        </Typography>
        {account.pixKey ? (
          <>
            <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {translate('adam.finance.pix.key_line', {
                type: labelOf(PIX_KEY_TYPE_LABELS, account.pixKeyType),
                key:
                  account.pixKeyType === 'cpf' || account.pixKeyType === 'cnpj'
                    ? formatDocument(account.pixKey)
                    : account.pixKey,
              })}
            </Typography>
            <Typography color="textSecondary">
              {translate('adam.finance.pix.receiver_line', {
                name: account.pixName,
                city: account.pixCity,
              })}
            </Typography>
          </>
        ) : (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {translate('adam.finance.pix.none')}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {account.pixKey && (
            <LabeledButton
              label="adam.finance.pix.poster"
              variant="outlined"
              onClick={() => setDialog('poster')}
            >
              <QrCode2Icon />
            </LabeledButton>
          )}
          {writable && (
            <LabeledButton
              label={account.pixKey ? 'adam.finance.pix.change_key' : 'adam.finance.pix.add_key'}
              onClick={() => setDialog('key')}
            >
              <KeyIcon />
            </LabeledButton>
          )}
        </Stack>
      </CardContent>
      {dialog === 'key' && <PixKeyDialog account={account} onClose={close} />}
      {dialog === 'poster' && <PixPosterDialog account={account} onClose={close} />}
    </Card>
  );
}
