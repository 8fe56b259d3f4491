// The admin's dialogs of the month closed (issue 27): "Fechar mês" with the conselho fiscal's
// approval (date, who approved, parecer) and "Reabrir" with the reason; the server's field
// messages show under each field, any other refusal is told.
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, required, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { monthName } from '../../../../domain/calendar';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useFormSubmit } from '../../../providers/useAction';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { DateTextInput } from '../../../ui/inputs';

const T = 'adam.finance.periods';

interface Props {
  month: string;
  kind: 'close' | 'reopen';
  onDone: () => void;
}

/** The button that opens the month's dialog. */
export function PeriodButton({ month, kind, onDone }: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const Icon = kind === 'close' ? LockIcon : LockOpenIcon;
  const titleId = `period-${kind}-${month}`;
  return (
    <>
      <MuiButton
        size="small"
        variant={kind === 'close' ? 'contained' : 'outlined'}
        startIcon={<Icon />}
        onClick={() => setOpen(true)}
        aria-label={translate(`${T}.${kind}_label`, { month: monthName(month) })}
      >
        {translate(`${T}.${kind}`)}
      </MuiButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
      >
        {open && (
          <PeriodForm
            month={month}
            kind={kind}
            titleId={titleId}
            onClose={() => setOpen(false)}
            onDone={onDone}
          />
        )}
      </Dialog>
    </>
  );
}

function PeriodForm({
  month,
  kind,
  titleId,
  onClose,
  onDone,
}: Props & { titleId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const submit = useFormSubmit();
  const dataProvider = useDataProvider<AppDataProvider>();
  const save = (values: Record<string, unknown>) =>
    submit(
      () =>
        kind === 'close'
          ? dataProvider.closePeriod(month, values as never)
          : dataProvider.reopenPeriod(month, values as never),
      () => {
        notify(`${T}.${kind === 'close' ? 'closed' : 'reopened'}`, {
          type: 'info',
          messageArgs: { month: monthName(month) },
        });
        onClose();
        onDone();
      },
    );
  return (
    <Form disableInvalidFormNotification noValidate onSubmit={save}>
      <DialogTitle id={titleId}>
        {translate(`${T}.${kind}_title`, { month: monthName(month) })}
      </DialogTitle>
      <DialogContent>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {translate(`${T}.${kind}_help`)}
        </Typography>
        {kind === 'close' ? (
          <>
            <DateTextInput
              source="approvedOn"
              label={`${T}.approved_on`}
              validate={required()}
              fullWidth
            />
            <TextInput
              source="approvers"
              label={`${T}.approvers`}
              helperText={`${T}.approvers_help`}
              validate={required()}
              fullWidth
            />
            <TextInput
              source="opinion"
              label={`${T}.opinion`}
              validate={required()}
              multiline
              minRows={3}
              fullWidth
            />
          </>
        ) : (
          <TextInput
            source="reason"
            label={`${T}.reason`}
            validate={required()}
            multiline
            minRows={2}
            fullWidth
          />
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <FormSaveButton
          label={`${T}.${kind}_confirm`}
          icon={kind === 'close' ? <LockIcon /> : <LockOpenIcon />}
        />
      </DialogActions>
    </Form>
  );
}
