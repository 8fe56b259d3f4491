import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The user's current password, as the sign-in and every change of one's own security ask it
 * (the browser offers the saved one); a refusal of it shows under the field.
 */
export function CurrentPasswordField({
  value,
  onChange,
  error,
  plain = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of this password, when it said so. */
  error?: string;
  /** The sign-in form's: no mark of a required field, no room kept for a refusal under it. */
  plain?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      name="password"
      type="password"
      label={translate('ra.auth.password')}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (plain ? undefined : ' ')}
      required={!plain}
      fullWidth
      margin="normal"
    />
  );
}
