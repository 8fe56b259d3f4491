import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A dialog that is one form, the shape of every dialog that asks something before it acts (the
 * password change, a change of one's own second factor, the anonymization): a title, what it
 * does in one or more paragraphs, the fields, Cancel and the action (Enter submits). The title
 * names the dialog and the first paragraph describes it for a screen reader; `danger` paints the
 * action red.
 */
export function FormDialog({
  open,
  title,
  explain = [],
  submit,
  danger = false,
  disabled = false,
  icon,
  maxWidth = 'xs',
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  /** Already translated. */
  title: string;
  /** Paragraphs, already translated; the first one with `warning` is shown in red. */
  explain?: Array<string | { text: string; warning: true }>;
  /** The action's label, already translated. */
  submit: string;
  danger?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  maxWidth?: 'xs' | 'sm';
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) void onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
      aria-describedby={explain.length > 0 ? `${id}-0` : undefined}
    >
      <Box component="form" onSubmit={submitForm} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {explain.map((paragraph, index) => {
            const warning = typeof paragraph !== 'string';
            return (
              <DialogContentText
                key={index}
                id={`${id}-${index}`}
                sx={{
                  mb: explain.length > 1 ? 1.5 : 0,
                  ...(warning ? { color: 'error.main', fontWeight: 500 } : {}),
                }}
              >
                {warning ? paragraph.text : paragraph}
              </DialogContentText>
            );
          })}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            startIcon={icon}
            disabled={disabled}
          >
            {submit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
