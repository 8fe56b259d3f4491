// What the public forms share (/meu_cadastro, /atualizar_cadastro/{token}): a titled group of
// inputs, the address inputs, the consent checkbox with its whole text, the privacy notice's
// link, the send button and what a refusal does.
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
  SelectInput,
  TextInput,
  type Validator,
  ValidationError,
  useInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { camelCaseKeys } from '../../providers/case';
import { PRIVACY_PATH } from '../../routing/publicPaths';
import { UF_CHOICES } from '../../ui/choices';
import { FormGrid } from '../../ui/FormGrid';
import { ZipCodeInput } from '../../ui/inputs';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** A checkbox that must be ticked (a consent), with its whole text as the label. */
export function ConsentCheckbox({
  source,
  text,
  validate,
}: {
  source: string;
  text: string;
  validate: Validator;
}) {
  const { field, fieldState } = useInput({ source, validate });
  return (
    <FormControl error={fieldState.invalid} sx={{ mb: 1 }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start' }}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
            sx={{ mt: -0.75 }}
          />
        }
        label={<Typography variant="body2">{text}</Typography>}
      />
      {fieldState.error?.message && (
        // react-admin wraps a validator's message ("@@react-admin@@…"): ValidationError unwraps
        // and translates it, as react-admin's own inputs do.
        <FormHelperText>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** The privacy notice (issue 13), beside the consent it explains; opens in a new tab. */
export function PrivacyNoticeLink() {
  const translate = useTranslate();
  return (
    <Typography variant="body2">
      <Link href={PRIVACY_PATH} target="_blank" rel="noopener">
        {translate('adam.registration.privacy_link')}
      </Link>
      : {translate('adam.registration.privacy_link_help')}
    </Typography>
  );
}

export function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
      sx={{ mt: 1 }}
    >
      {translate(label)}
    </Button>
  );
}

/** The address, its CEP looked up through the public (rate-limited) lookup. */
export function PublicAddressInputs({ rule }: { rule: Validator }) {
  return (
    <FormGrid>
      <ZipCodeInput
        source="zipCode"
        lookup="public"
        validate={rule}
        autoComplete="postal-code"
        fullWidth
      />
      <TextInput source="street" validate={rule} autoComplete="address-line1" fullWidth />
      <TextInput source="number" validate={rule} fullWidth />
      <TextInput source="complement" validate={rule} fullWidth />
      <TextInput source="district" validate={rule} fullWidth />
      <TextInput source="city" validate={rule} autoComplete="address-level2" fullWidth />
      <SelectInput source="state" choices={UF_CHOICES} validate={rule} fullWidth />
    </FormGrid>
  );
}

/**
 * A public form's onSubmit: `send`, then `onDone` with the answer; a refusal's field messages go
 * under their inputs, any other failure is told (`failed` when it has no message).
 */
export function usePublicSubmit<T>(
  send: (values: Record<string, unknown>) => Promise<T>,
  onDone: (answer: T) => void,
  failed: string,
) {
  const notify = useNotify();
  const translate = useTranslate();
  return async (values: Record<string, unknown>) => {
    try {
      onDone(await send(values));
      return undefined;
    } catch (error) {
      const body = (error as { body?: { errors?: unknown } })?.body;
      if (body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        notify('ra.message.invalid_form', { type: 'error' });
        return camelCaseKeys<Record<string, string>>(body.errors);
      }
      notify(error instanceof Error ? error.message : translate(failed), { type: 'error' });
      return undefined;
    }
  };
}
