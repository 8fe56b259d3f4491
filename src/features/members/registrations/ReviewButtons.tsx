import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRecordContext } from 'react-admin';
import { LabeledButton } from '../../../ui/LabeledButton';
import { ApproveDialog } from './ApproveDialog';
import { useReview } from './useReview';

/**
 * Approve and reject a pending registration (reject asks first: the data is deleted): the row's
 * record in the list, or `registration` on the member's page, where approving is the main action.
 */
export function ReviewButtons(props: {
  registration?: { id: number; name: string };
  prominent?: boolean;
  onRejected?: () => void;
}) {
  const fromRow = useRecordContext<{ id: number; name: string }>();
  const registration = props.registration ?? fromRow;
  const { review, busy } = useReview();
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!registration) return null;
  return (
    // In a row of the list the two stack, so the table keeps to the screen's width.
    <Stack
      direction={props.prominent ? 'row' : 'column'}
      spacing={props.prominent ? 1 : 0}
      sx={{ alignItems: 'flex-start' }}
      onClick={(event) => event.stopPropagation()}
    >
      <LabeledButton
        label="resources.membros/pendentes.approve"
        color="success"
        variant={props.prominent ? 'contained' : 'text'}
        disabled={busy}
        onClick={() => setApproving(true)}
      >
        <CheckIcon />
      </LabeledButton>
      <LabeledButton
        label="resources.membros/pendentes.reject"
        color="error"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        <CloseIcon />
      </LabeledButton>
      <ApproveDialog
        name={registration.name}
        open={approving}
        onClose={() => setApproving(false)}
        onApprove={async (approval) => {
          if (await review(registration, 'approve', approval)) setApproving(false);
        }}
      />
      <Confirm
        isOpen={confirming}
        title="resources.membros/pendentes.reject_title"
        content="resources.membros/pendentes.reject_content"
        translateOptions={{ name: registration.name }}
        confirm="resources.membros/pendentes.reject"
        confirmColor="warning"
        onConfirm={async () => {
          setConfirming(false);
          if (await review(registration, 'reject')) props.onRejected?.();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
