import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The one input of a second-factor step: the app's 6 digits (a numeric keyboard on phones, the
 * code from an SMS or the OS's keychain offered) or a recovery code (letters and digits).
 */
export function OneTimeCodeField({
  value,
  onChange,
  recovery = false,
  invalid = false,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  /** The last try was refused (the message itself is the form's alert). */
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      name={recovery ? 'recovery_code' : 'otp_code'}
      label={translate(recovery ? 'adam.two_factor.recovery_code' : 'adam.two_factor.code')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      required
      error={invalid}
      helperText={translate(
        recovery ? 'adam.two_factor.recovery_help' : 'adam.two_factor.code_help',
      )}
      slotProps={{
        htmlInput: recovery
          ? { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 16 }
          : {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              pattern: '[0-9 ]*',
              maxLength: 7,
            },
      }}
    />
  );
}
