// The budget grid on wide screens: categories × the twelve months with each line's total, the
// incomes and the expenses in their own sections with their monthly totals, then the result.
import RepeatIcon from '@mui/icons-material/Repeat';
import {
  Box,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from '../../../../domain/calendar';
import { lineTotal } from '../../../../domain/finance/budget';
import { MoneyTextField } from '../../../ui/inputs/MoneyTextField';
import { Money } from '../../../ui/Money';
import { type BudgetCategory, type Cells, accountLabel, emptyMonths, monthSums } from './grid';

const T = 'adam.finance.budget';

const stickySx = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 180,
} as const;

function TotalsRow({ label, sums, strong }: { label: string; sums: number[]; strong?: boolean }) {
  return (
    <TableRow sx={{ '& td, & th': { fontWeight: 700, borderTop: strong ? 2 : 1 } }}>
      <TableCell component="th" scope="row" sx={stickySx}>
        {label}
      </TableCell>
      {sums.map((cents, month) => (
        <TableCell key={month} align="right">
          <Money cents={cents} />
        </TableCell>
      ))}
      <TableCell align="right">
        <Money cents={lineTotal(sums)} />
      </TableCell>
    </TableRow>
  );
}

function Section(props: {
  kind: 'income' | 'expense';
  categories: BudgetCategory[];
  cells: Cells;
  onChange(category: number, months: number[]): void;
}) {
  const translate = useTranslate();
  return (
    <>
      <TableRow>
        <TableCell
          component="th"
          scope="rowgroup"
          colSpan={14}
          sx={{ bgcolor: 'action.hover', fontWeight: 700 }}
        >
          {translate(`${T}.${props.kind}s`)}
        </TableCell>
      </TableRow>
      {props.categories.map((category) => {
        const months = props.cells[category.id] ?? emptyMonths();
        const repeat = translate(`${T}.repeat_for`, { name: accountLabel(category) });
        return (
          <TableRow key={category.id}>
            <TableCell component="th" scope="row" sx={stickySx}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Box sx={{ flex: 1 }}>{accountLabel(category)}</Box>
                <Tooltip title={repeat}>
                  <IconButton
                    size="small"
                    aria-label={repeat}
                    onClick={() =>
                      props.onChange(
                        category.id,
                        months.map(() => months[0]),
                      )
                    }
                  >
                    <RepeatIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </TableCell>
            {months.map((cents, month) => (
              <TableCell key={month} sx={{ px: 0.5 }}>
                <MoneyTextField
                  size="small"
                  value={cents}
                  onChange={(value) =>
                    props.onChange(
                      category.id,
                      months.map((old, index) => (index === month ? (value ?? 0) : old)),
                    )
                  }
                  sx={{ width: 132 }}
                  slotProps={{
                    htmlInput: { 'aria-label': `${accountLabel(category)}, ${MONTH_NAMES[month]}` },
                  }}
                />
              </TableCell>
            ))}
            <TableCell align="right">
              <Money cents={lineTotal(months)} />
            </TableCell>
          </TableRow>
        );
      })}
      <TotalsRow
        label={translate(`${T}.total_${props.kind}s`)}
        sums={monthSums(props.cells, props.categories)}
      />
    </>
  );
}

export function BudgetTable(props: {
  income: BudgetCategory[];
  expense: BudgetCategory[];
  cells: Cells;
  onChange(category: number, months: number[]): void;
}) {
  const translate = useTranslate();
  const incomes = monthSums(props.cells, props.income);
  const expenses = monthSums(props.cells, props.expense);
  return (
    // The year is wider than the screen: the grid scrolls in a region the keyboard reaches.
    <Box
      role="region"
      aria-label={translate(`${T}.grid`)}
      tabIndex={0}
      sx={{ overflowX: 'auto', contain: 'inline-size' }}
    >
      <Table size="small" aria-label={translate(`${T}.grid`)}>
        <TableHead>
          <TableRow>
            <TableCell sx={stickySx}>{translate(`${T}.category`)}</TableCell>
            {MONTH_ABBREVIATIONS.map((month, index) => (
              <TableCell key={month} align="center">
                <abbr title={MONTH_NAMES[index]} style={{ textDecoration: 'none' }}>
                  {month}
                </abbr>
              </TableCell>
            ))}
            <TableCell align="right">{translate(`${T}.year_total`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <Section
            kind="income"
            categories={props.income}
            cells={props.cells}
            onChange={props.onChange}
          />
          <Section
            kind="expense"
            categories={props.expense}
            cells={props.cells}
            onChange={props.onChange}
          />
          <TotalsRow
            label={translate(`${T}.result`)}
            sums={incomes.map((cents, month) => cents - expenses[month])}
            strong
          />
        </TableBody>
      </Table>
    </Box>
  );
}
