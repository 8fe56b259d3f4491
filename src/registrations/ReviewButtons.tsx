import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useRecordContext } from 'react-admin';
import type { Registration } from './types';
import { useReview } from './useReview';

/** Approve and reject of one list row (reject asks first: the data is deleted). */
export function ReviewButtons() {
  const registration = useRecordContext<Registration>();
  const { review, busy } = useReview();
  const [confirming, setConfirming] = useState(false);
  if (!registration) return null;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button
        label="resources.membros/pendentes.approve"
        color="success"
        disabled={busy}
        onClick={() => review(registration, 'approve')}
      >
        <CheckIcon />
      </Button>
      <Button
        label="resources.membros/pendentes.reject"
        color="error"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        <CloseIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="resources.membros/pendentes.reject_title"
        content="resources.membros/pendentes.reject_content"
        translateOptions={{ name: registration.name }}
        confirm="resources.membros/pendentes.reject"
        confirmColor="warning"
        onConfirm={async () => {
          setConfirming(false);
          await review(registration, 'reject');
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
