import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export interface BulkChoiceDialogProps {
  open: boolean;
  title: string;
  message: string;
  label: string;
  choices: { id: string | number; name: string }[];
  busy: boolean;
  onClose: () => void;
  onConfirm: (id: string) => void;
}

/** Asks which value a bulk action should apply to the selected members. */
export function BulkChoiceDialog(props: BulkChoiceDialogProps) {
  const { open, title, message, label, choices, busy, onClose, onConfirm } = props;
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const close = () => {
    setValue('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
        <TextField
          select
          label={label}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          fullWidth
        >
          {choices.map((choice) => (
            <MenuItem key={choice.id} value={String(choice.id)}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!value || busy}
          onClick={() => {
            onConfirm(value);
            setValue('');
          }}
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
