import { Chip, type ChipProps } from '@mui/material';
import { CREDENTIAL_STATE_LABELS, type CredentialState } from '../../../../domain/credentials';

const COLORS: Record<CredentialState, ChipProps['color']> = {
  valid: 'success',
  expired: 'warning',
  revoked: 'error',
};

/** "Válida", "Vencida" or "Revogada", coloured. */
export function CredentialStateChip({ state }: { state: CredentialState }) {
  return (
    <Chip
      label={CREDENTIAL_STATE_LABELS[state]}
      color={COLORS[state]}
      size="small"
      variant={state === 'valid' ? 'filled' : 'outlined'}
    />
  );
}
