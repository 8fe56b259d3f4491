import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Said beside church-wide settings shown read-only to a user who changes the rest of the screen
 * (issue 22: only an admin of the whole church changes them).
 */
export function ChurchWideNote({ className }: { className?: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" className={className} sx={{ my: 1 }}>
      {translate('adam.church_wide_note')}
    </Alert>
  );
}
