import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PublicTransfer } from '../../providers/publicCalls';
import { formatDate } from '../../../domain/formats';
import { PublicShell } from './PublicShell';

type Errors = Partial<Record<'code' | 'receivingChurch' | 'confirmedBy', string>>;

/** The API's message and field errors of a refused call. */
function refusal(error: unknown): { message: string; errors: Errors } {
  const { message, body } = (error ?? {}) as {
    message?: string;
    body?: { errors?: Record<string, string> };
  };
  const raw = body?.errors && !Array.isArray(body.errors) ? body.errors : {};
  return {
    message: message ?? '',
    errors: { receivingChurch: raw.receiving_church, confirmedBy: raw.confirmed_by },
  };
}

/** The code the letter's QR code carries in the address's fragment (never sent to a server). */
const codeInAddress = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** The letter's facts, as printed on it. */
function LetterFacts({ letter }: { letter: PublicTransfer }) {
  const translate = useTranslate();
  const rows: [string, string][] = [
    ['adam.transfer_confirmation.member', letter.memberName],
    [
      'adam.transfer_confirmation.origin',
      [letter.originChurch, letter.originCity].filter(Boolean).join(' – '),
    ],
    ['adam.transfer_confirmation.letter', letter.letterNumber],
    ['adam.transfer_confirmation.letter_date', formatDate(letter.letterDate)],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /confirmar-transferencia: the receiving church confirms a transfer letter with the code printed
 * on it (the QR code brings it in the address), without login. It shows only what the letter
 * shows; the server refuses a bad, cancelled or used code with its own message.
 */
export default function TransferConfirmationPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [code, setCode] = useState(codeInAddress);
  const [receivingChurch, setReceivingChurch] = useState('');
  const [confirmedBy, setConfirmedBy] = useState('');
  const lookup = useMutation({
    mutationFn: (typed: string) => dataProvider.publicTransfer(typed),
  });
  const confirm = useMutation({
    mutationFn: () => dataProvider.confirmPublicTransfer({ code, receivingChurch, confirmedBy }),
  });
  const { mutate: look } = lookup;
  const arrived = codeInAddress();
  useEffect(() => {
    if (arrived) look(arrived);
  }, [arrived, look]);

  const find = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    lookup.mutate(code);
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  const confirmError = confirm.error ? refusal(confirm.error) : null;
  const fieldErrors = confirmError?.errors ?? {};
  const generalError =
    confirmError && !fieldErrors.receivingChurch && !fieldErrors.confirmedBy
      ? confirmError.message
      : null;

  let content;
  if (confirm.isSuccess) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1">
          {translate('adam.transfer_confirmation.done_title')}
        </Typography>
        <Typography>{confirm.data.message}</Typography>
      </Stack>
    );
  } else if (lookup.data) {
    content = (
      <Stack spacing={2} component="form" onSubmit={send} noValidate>
        <Typography variant="h5" component="h1">
          {translate('adam.transfer_confirmation.letter_title')}
        </Typography>
        <LetterFacts letter={lookup.data} />
        <Typography color="textSecondary">
          {translate('adam.transfer_confirmation.confirm_help')}
        </Typography>
        <TextField
          label={translate('adam.transfer_confirmation.receiving_church')}
          value={receivingChurch}
          onChange={(event) => setReceivingChurch(event.target.value)}
          error={Boolean(fieldErrors.receivingChurch)}
          helperText={fieldErrors.receivingChurch}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
        <TextField
          label={translate('adam.transfer_confirmation.confirmed_by')}
          value={confirmedBy}
          onChange={(event) => setConfirmedBy(event.target.value)}
          error={Boolean(fieldErrors.confirmedBy)}
          helperText={
            fieldErrors.confirmedBy ?? translate('adam.transfer_confirmation.confirmed_by_help')
          }
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
        {generalError && (
          <Alert severity="error" role="alert">
            {generalError}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={confirm.isPending}>
          {translate('adam.transfer_confirmation.confirm')}
        </Button>
      </Stack>
    );
  } else {
    const lookupError = lookup.error ? refusal(lookup.error).message : null;
    content = (
      <Stack spacing={2} component="form" onSubmit={find} noValidate>
        <Typography variant="h5" component="h1">
          {translate('adam.transfer_confirmation.title')}
        </Typography>
        <Typography color="textSecondary">
          {translate('adam.transfer_confirmation.intro')}
        </Typography>
        <TextField
          label={translate('adam.transfer_confirmation.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          helperText={translate('adam.transfer_confirmation.code_help')}
          required
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: {
              maxLength: 24,
              autoCapitalize: 'characters',
              spellCheck: false,
              style: { letterSpacing: '0.1em', textTransform: 'uppercase' },
            },
          }}
        />
        {lookupError && (
          <Alert severity="error" role="alert">
            {lookupError}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={lookup.isPending}>
          {lookup.isPending ? (
            <CircularProgress size={24} color="inherit" />
          ) : (
            translate('adam.transfer_confirmation.find')
          )}
        </Button>
      </Stack>
    );
  }

  return (
    <PublicShell title={translate('adam.transfer_confirmation.title')}>
      <Card sx={{ maxWidth: 520, mx: 'auto' }}>
        <CardContent>{content}</CardContent>
      </Card>
    </PublicShell>
  );
}
