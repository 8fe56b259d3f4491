import { Stack } from '@mui/material';
import type { Letter } from '../../../providers/letters';
import { TransferActions } from './TransferActions';
import { TransferStateChip } from '../../../ui/TransferStateChip';

/** Under a transfer letter on the member's page: its transfer's state and open steps. */
export function LetterTransfer({
  letter,
  memberName,
  onChanged,
}: {
  letter: Letter;
  memberName: string;
  onChanged(): void;
}) {
  if (letter.transferId === null || !letter.transferState) return null;
  return (
    <Stack direction="row" sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      <TransferStateChip state={letter.transferState} />
      <TransferActions
        transfer={{
          id: letter.transferId,
          state: letter.transferState,
          letterId: letter.id,
          letterNumber: letter.numberText,
          memberName,
        }}
        onChanged={onChanged}
      />
    </Stack>
  );
}
