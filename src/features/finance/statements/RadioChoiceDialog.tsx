// The statements' dialogs that ask for one choice among a list (another movement for a line, the
// statement of a file of several accounts): a title, a help line, the options as radio buttons,
// Cancel and the confirming button, enabled once something is chosen.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';

export function RadioChoiceDialog({
  id,
  title,
  help,
  options,
  initial = '',
  confirmLabel,
  busy,
  onClose,
  onChoose,
  children,
}: {
  /** The title's element id (the dialog and the radio group are labelled by it). */
  id: string;
  title: string;
  help: string;
  options: Array<{ value: string; label: string }>;
  initial?: string;
  confirmLabel: string;
  busy: boolean;
  onClose: () => void;
  onChoose: (value: string) => void;
  /** Shown between the help and the options (loading, nothing to choose). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState(initial);
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {help}
        </Typography>
        {children}
        <RadioGroup
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-labelledby={id}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
              sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!chosen || busy} onClick={() => onChoose(chosen)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
