// An OFX file that brings several accounts (some banks export them together): the treasurer
// chooses which statement goes into this account; the one with the account's number comes chosen.
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
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import type { StatementChoice } from './types';

export function ChooseStatementDialog({
  choices,
  busy,
  onClose,
  onChoose,
}: {
  choices: StatementChoice[];
  busy: boolean;
  onClose: () => void;
  onChoose: (index: number) => void;
}) {
  const translate = useTranslate();
  const matching = choices.filter((choice) => choice.matches);
  const [chosen, setChosen] = useState(matching.length === 1 ? String(matching[0].index) : '');
  const key = (name: string) => `adam.finance.statements.${name}`;
  const describe = (choice: StatementChoice) => {
    const account = choice.accountId ?? translate(key('several_unknown'));
    const parts = [
      translate(key(choice.kind === 'credit_card' ? 'several_card' : 'several_bank'), { account }),
    ];
    if (choice.branchId) parts.push(translate(key('several_branch'), { branch: choice.branchId }));
    if (choice.startDate && choice.endDate) {
      parts.push(
        translate(key('several_period'), {
          start: formatDate(choice.startDate),
          end: formatDate(choice.endDate),
        }),
      );
    }
    parts.push(
      choice.lineCount === 0
        ? translate(key('several_lines_none'))
        : translate(key('several_lines'), { smart_count: choice.lineCount }),
    );
    if (choice.matches) parts.push(translate(key('several_same')));
    return parts.join(' · ');
  };
  const titleId = 'escolher-extrato';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(key('several_title'))}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(key('several_help'), { count: choices.length })}
        </Typography>
        <RadioGroup
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-labelledby={titleId}
        >
          {choices.map((choice) => (
            <FormControlLabel
              key={choice.index}
              value={String(choice.index)}
              control={<Radio />}
              label={describe(choice)}
              sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen === '' || busy}
          onClick={() => onChoose(Number(chosen))}
        >
          {translate(key('several_import'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
