// The budget on a phone: one category at a time (chosen from a list, or stepped through), its
// twelve months in two columns, its year's total; the year's totals below.
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import RepeatIcon from '@mui/icons-material/Repeat';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MONTH_CHOICES } from '../../../../domain/calendar';
import { lineTotal } from '../../../../domain/finance/budget';
import { MoneyTextField } from '../../../ui/inputs/MoneyTextField';
import { Money } from '../../../ui/Money';
import { type BudgetCategory, type Cells, accountLabel, emptyMonths, monthSums } from './grid';

const T = 'adam.finance.budget';

export function BudgetPhone(props: {
  income: BudgetCategory[];
  expense: BudgetCategory[];
  cells: Cells;
  onChange(category: number, months: number[]): void;
}) {
  const translate = useTranslate();
  const all = [...props.income, ...props.expense];
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const index = Math.max(
    0,
    all.findIndex((category) => category.id === chosen),
  );
  const category = all[index];
  const incomes = lineTotal(monthSums(props.cells, props.income));
  const expenses = lineTotal(monthSums(props.cells, props.expense));
  const months = category ? (props.cells[category.id] ?? emptyMonths()) : emptyMonths();
  const step = (by: number) => setChosen(all[(index + by + all.length) % all.length]?.id);
  return (
    <Stack spacing={2}>
      {category && (
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton aria-label={translate(`${T}.previous`)} onClick={() => step(-1)}>
                <NavigateBeforeIcon />
              </IconButton>
              <TextField
                select
                fullWidth
                size="small"
                label={translate(`${T}.category`)}
                value={String(category.id)}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                <ListSubheader>{translate(`${T}.incomes`)}</ListSubheader>
                {props.income.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {accountLabel(option)}
                  </MenuItem>
                ))}
                <ListSubheader>{translate(`${T}.expenses`)}</ListSubheader>
                {props.expense.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {accountLabel(option)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton aria-label={translate(`${T}.next`)} onClick={() => step(1)}>
                <NavigateNextIcon />
              </IconButton>
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {translate(`${T}.position`, {
                position: index + 1,
                count: all.length,
                kind: translate(`${T}.kind_${category.kind}`),
              })}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 2 }}
              role="group"
              aria-label={accountLabel(category)}
            >
              {MONTH_CHOICES.map((month, at) => (
                <MoneyTextField
                  key={month.id}
                  size="small"
                  label={month.name}
                  value={months[at]}
                  onChange={(value) =>
                    props.onChange(
                      category.id,
                      months.map((old, other) => (other === at ? (value ?? 0) : old)),
                    )
                  }
                />
              ))}
            </Box>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 2, gap: 1 }}
            >
              <Typography>
                {translate(`${T}.year_total`)}: <Money cents={lineTotal(months)} strong />
              </Typography>
              <Button
                size="small"
                startIcon={<RepeatIcon />}
                onClick={() =>
                  props.onChange(
                    category.id,
                    months.map(() => months[0]),
                  )
                }
              >
                {translate(`${T}.repeat`)}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate(`${T}.year_totals`)}
          </Typography>
          {[
            ['total_incomes', incomes],
            ['total_expenses', expenses],
            ['result', incomes - expenses],
          ].map(([key, cents]) => (
            <Stack key={key} direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">{translate(`${T}.${key}`)}</Typography>
              <Money cents={cents as number} />
            </Stack>
          ))}
        </CardContent>
      </Card>
    </Stack>
  );
}
