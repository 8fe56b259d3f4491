// /financeiro/orcamento (issue 27): a congregation's orçamento anual. The treasurer picks the
// year and the congregation, types what each category should bring in or cost each month (or
// copies last year's, or repeats January's value over the year) and saves the whole year in one
// request. A budget is a plan, not a movement: a closed month does not block it.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Title,
  useBlocker,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { budgetYears } from '../../../../domain/finance/budget';
import { todayIso } from '../../../../domain/dates';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { readSelection } from '../../../providers/congregationSelection';
import { useAction, withoutSessionEnd } from '../../../providers/useAction';
import { CONGREGATIONS_RESOURCE } from '../../../ui/congregationsResource';
import { BudgetPhone } from './BudgetPhone';
import { BudgetTable } from './BudgetTable';
import { type BudgetCategory, type Cells, cellsOf, linesOf, shownCategories } from './grid';

const T = 'adam.finance.budget';
const CATEGORIES = 'financeiro/categorias';
const ALL = {
  pagination: { page: 1, perPage: 1000 },
  sort: { field: 'name', order: 'ASC' as const },
};

/** Asks before edits are dropped: leaving the screen, or changing the year or congregation. */
function useUnsavedGuard(dirty: boolean) {
  const translate = useTranslate();
  const blocker = useBlocker(() => dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker, translate]);
  return () => !dirty || window.confirm(translate('ra.message.unsaved_changes'));
}

export default function BudgetScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const today = todayIso();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const { data: congregations = [] } = useGetList<{ id: number; name: string; kind: string }>(
    CONGREGATIONS_RESOURCE,
    ALL,
  );
  // The income and expense leaves of the plano de contas, in its order.
  const { data: categories = [] } = useGetList<BudgetCategory>(CATEGORIES, {
    ...ALL,
    sort: { field: 'code', order: 'ASC' },
    filter: { postable: true },
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const preset = readSelection();
  const congregationId =
    chosen ??
    congregations.find((congregation) => congregation.id === preset)?.id ??
    congregations.find((congregation) => congregation.kind === 'sede')?.id ??
    congregations[0]?.id;

  const queryClient = useQueryClient();
  const queryKey = ['budget', congregationId, year];
  const { data, error, isFetching } = useQuery({
    queryKey,
    queryFn: () => dataProvider.budget(congregationId!, year),
    enabled: congregationId !== undefined,
    select: withoutSessionEnd,
  });
  // The edits of the grid as loaded (`source`); another load (year, congregation, a save) starts
  // from what the server answered.
  const [edit, setEdit] = useState<{ source: unknown; cells: Cells } | null>(null);
  const dirty = edit !== null && edit.source === data;
  const cells = dirty ? edit.cells : cellsOf(data);
  const mayDrop = useUnsavedGuard(dirty);

  const change = (category: number, months: number[]) =>
    setEdit({ source: data, cells: { ...cells, [category]: months } });
  const copyPrevious = async () => {
    if (congregationId === undefined) return;
    const previous = await run(() => dataProvider.budget(congregationId, year - 1));
    if (!previous) return;
    if (previous.lines.length === 0) {
      notify(`${T}.nothing_to_copy`, { type: 'warning', messageArgs: { year: year - 1 } });
      return;
    }
    setEdit({ source: data, cells: cellsOf(previous) });
    notify(`${T}.copied`, { type: 'info', messageArgs: { year: year - 1 } });
  };
  const save = async () => {
    if (congregationId === undefined) return;
    const saved = await run(() =>
      dataProvider.saveBudget({ congregationId, year, lines: linesOf(cells) }),
    );
    if (!saved) return;
    queryClient.setQueryData(queryKey, saved);
    notify(`${T}.saved`, { type: 'info', messageArgs: { year } });
  };

  const shown = shownCategories(
    categories.filter((category) => category.kind === 'income' || category.kind === 'expense'),
    cells,
  );
  const grid = { ...shown, cells, onChange: change };
  // On a phone the grid is long: its save button comes after it.
  const saveButton = (
    <Button
      variant="contained"
      startIcon={<SaveIcon />}
      onClick={() => void save()}
      disabled={busy || congregationId === undefined}
      sx={{ ml: { sm: 'auto' } }}
    >
      {translate(`${T}.save`)}
    </Button>
  );
  return (
    <Box sx={{ py: 2 }}>
      <Title title={`${T}.title`} />
      <Typography variant="h5" component="h1">
        {translate(`${T}.title`)}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2, maxWidth: '75ch' }}>
        {translate(`${T}.help`)}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          select
          fullWidth={false}
          size="small"
          label={translate(`${T}.year`)}
          value={String(year)}
          onChange={(event) => mayDrop() && setYear(Number(event.target.value))}
          sx={{ minWidth: 120 }}
        >
          {budgetYears(today).map((value) => (
            <MenuItem key={value} value={String(value)}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth={false}
          size="small"
          label={translate(`${T}.congregation`)}
          value={congregationId === undefined ? '' : String(congregationId)}
          onChange={(event) => mayDrop() && setChosen(Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          {congregations.map((congregation) => (
            <MenuItem key={congregation.id} value={String(congregation.id)}>
              {congregation.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyPrevious()}
          disabled={busy || congregationId === undefined}
        >
          {translate(`${T}.copy_previous`, { year: year - 1 })}
        </Button>
        {!phone && saveButton}
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{(isFetching || busy) && <LinearProgress />}</Box>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {dirty && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${T}.unsaved`)}
        </Alert>
      )}
      {data && (phone ? <BudgetPhone {...grid} /> : <BudgetTable {...grid} />)}
      {phone && data && <Box sx={{ mt: 2, display: 'grid' }}>{saveButton}</Box>}
    </Box>
  );
}
