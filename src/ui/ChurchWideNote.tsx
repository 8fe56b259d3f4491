import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Said beside church-wide settings shown read-only to a user who changes the rest of the screen
 * (issue 22: only an admin of the whole church changes them), or above the church's data shown
 * read-only to a user limited to congregations (`whole`, issue 24).
 */
export function ChurchWideNote({ className, whole }: { className?: string; whole?: boolean }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" className={className} sx={{ my: 1 }}>
      {translate(whole ? 'adam.whole_church_note' : 'adam.church_wide_note')}
    </Alert>
  );
}
