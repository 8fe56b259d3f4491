import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** The ten recovery codes, shown once right after an enrolment or a renewal (issue 22). */
export function RecoveryCodes({
  codes,
  onDone,
  notice = 'adam.two_factor.enabled_now',
}: {
  codes: string[];
  onDone: () => void;
  /** What just happened (a message key). */
  notice?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('adam.two_factor.codes_copied', { type: 'success' });
    } catch {
      notify('adam.two_factor.codes_not_copied', { type: 'warning' });
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="success">{translate(notice)}</Alert>
      <Alert severity="warning">{translate('adam.two_factor.codes_explain')}</Alert>
      <Box
        component="ol"
        aria-label={translate('adam.two_factor.codes_title')}
        data-testid="recovery-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr' },
          gap: 1,
          m: 0,
          pl: 4,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('adam.two_factor.copy_codes')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('adam.two_factor.codes_saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
