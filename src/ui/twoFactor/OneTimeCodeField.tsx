import { Alert, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * What the field takes: the app's 6 digits (a numeric keyboard on phones, the code the system
 * offers), a recovery code (letters and digits), or either (confirming a change of one's own
 * second factor, where a lost phone must not block).
 */
export type CodeFieldKind = 'totp' | 'recovery' | 'either';

const INPUTS = {
  totp: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 },
  recovery: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 16 },
  either: {
    autoComplete: 'one-time-code',
    autoCapitalize: 'characters',
    spellCheck: false,
    maxLength: 16,
  },
} as const;

const LABELS = {
  totp: ['adam.two_factor.code', 'adam.two_factor.code_help'],
  recovery: ['adam.two_factor.recovery_code', 'adam.two_factor.recovery_help'],
  either: ['adam.two_factor.code', 'adam.two_factor.either_help'],
} as const;

/** The one input of a second-factor step, with the refusal of the last try under it. */
export function OneTimeCodeField({
  value,
  onChange,
  kind = 'totp',
  error = null,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  kind?: CodeFieldKind;
  /** Why the last try was refused: the field is marked and the message read out under it. */
  error?: string | null;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  const [label, help] = LABELS[kind];
  return (
    <>
      <TextField
        name={kind === 'recovery' ? 'recovery_code' : 'otp_code'}
        label={translate(label)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocus}
        fullWidth
        margin="normal"
        required
        error={Boolean(error)}
        helperText={translate(help)}
        slotProps={{ htmlInput: INPUTS[kind] }}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
