// The two choices of a statement line that need more than a click: another movement of the
// account with the line's amount, or an income/expense made from it with its category (the one
// chosen last time for the same words comes filled in).
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { addDays } from '../../../../domain/dates';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { RadioChoiceDialog } from './RadioChoiceDialog';
import type { StatementLine } from '../../../providers/statementTypes';

/** How far from the line's date "choose another" looks for movements of its amount. */
const CHOOSE_DAYS = 60;

interface Movement {
  id: number;
  date: string;
  description: string;
  amountCents: number;
  statementLineId: number | null;
}

export function ChooseMovementDialog({
  line,
  busy,
  onClose,
  onChoose,
}: {
  line: StatementLine;
  busy: boolean;
  onClose: () => void;
  onChoose: (transactionId: number) => void;
}) {
  const translate = useTranslate();
  const movements = useGetList<Movement>('financeiro/lancamentos', {
    filter: {
      bankAccountId: line.bankAccountId,
      dateGte: addDays(line.date, -CHOOSE_DAYS),
      dateLte: addDays(line.date, CHOOSE_DAYS),
    },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'date', order: 'ASC' },
  });
  const options = (movements.data ?? []).filter(
    (movement) => movement.amountCents === line.amountCents && movement.statementLineId === null,
  );
  return (
    <RadioChoiceDialog
      id={`escolher-${line.id}`}
      title={translate('adam.finance.statements.choose_title')}
      help={translate('adam.finance.statements.choose_help', {
        amount: formatMoney(line.amountCents),
        days: CHOOSE_DAYS,
      })}
      options={options.map((movement) => ({
        value: String(movement.id),
        label: `${formatDate(movement.date)} · ${movement.description}`,
      }))}
      confirmLabel={translate('adam.finance.statements.reconcile')}
      busy={busy}
      onClose={onClose}
      onChoose={(value) => onChoose(Number(value))}
    >
      {movements.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {!movements.isPending && options.length === 0 && (
        <Typography>{translate('adam.finance.statements.choose_none')}</Typography>
      )}
    </RadioChoiceDialog>
  );
}

interface Category {
  id: number;
  name: string;
}

export function CreateFromLineDialog({
  line,
  busy,
  onClose,
  onCreate,
}: {
  line: StatementLine;
  busy: boolean;
  onClose: () => void;
  onCreate: (create: Record<string, unknown>) => void;
}) {
  const translate = useTranslate();
  const kind = line.amountCents > 0 ? 'income' : 'expense';
  const categories = useGetList<Category>('financeiro/categorias', {
    filter: { kind, active: true },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [categoryId, setCategoryId] = useState<number | ''>(line.suggestedCategoryId ?? '');
  const [description, setDescription] = useState(line.description);
  const [touched, setTouched] = useState(false);
  const titleId = `criar-${line.id}`;
  const missing = categoryId === '';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate(
          kind === 'income'
            ? 'adam.finance.statements.create_income'
            : 'adam.finance.statements.create_expense',
        )}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {translate('adam.finance.statements.create_help', {
            amount: formatMoney(Math.abs(line.amountCents)),
            date: formatDate(line.date),
          })}
        </Typography>
        <TextField
          select
          fullWidth
          required
          label={translate('adam.finance.category')}
          value={categoryId}
          onChange={(event) => setCategoryId(Number(event.target.value))}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={
            touched && missing
              ? translate('adam.finance.statements.category_required')
              : line.suggestedCategoryId
                ? translate('adam.finance.statements.category_remembered')
                : ' '
          }
          sx={{ mb: 2 }}
        >
          {(categories.data ?? []).map((category) => (
            <MenuItem key={category.id} value={category.id}>
              {category.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          label={translate('adam.finance.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (missing) return;
            onCreate({ kind, categoryId, description: description.trim() || null });
          }}
        >
          {translate('adam.finance.statements.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
