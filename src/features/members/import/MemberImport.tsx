// /membros/importar (issue 14): the member import wizard. Upload → column mapping (pre-filled
// by the server from the headers) → dry run (every row, its errors per column, the values as
// they will be saved, duplicates with a choice) → the names not found (create or map) → the
// import with a progress bar → the result, with "Desfazer importação".
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetList } from 'react-admin';
import {
  type DuplicateAction,
  type ImportRow,
  type ImportState,
  type LookupChoices,
  type LookupKind,
  type RowFilter,
  type UndoResult,
  importState,
  undoImport,
  uploadImport,
} from './importCalls';
import { formatCpf, formatDate, formatPhone } from '../../../../domain/formats';
import { IMPORT_TEXT as T } from './importText';

const STEPS = [
  T.steps.file,
  T.steps.mapping,
  T.steps.dryRun,
  T.steps.names,
  T.steps.import,
  T.steps.result,
];
const PAGE = 50;
const EMPTY_LOOKUPS: LookupChoices = { positions: {}, departments: {}, congregations: {} };

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : T.failed;

/** The row's values as they will be saved, in a few words (dates, documents, contact). */
function valuesText(row: ImportRow): string {
  const values = row.values;
  if (!values) return '';
  const date = typeof values.birth_date === 'string' ? formatDate(values.birth_date) : '';
  return [
    date && `${T.born} ${date}`,
    values.cpf && `CPF ${formatCpf(String(values.cpf))}`,
    values.phone_mobile && `${T.mobile} ${formatPhone(String(values.phone_mobile))}`,
    values.email && String(values.email),
    values.status && T.statuses[values.status as keyof typeof T.statuses],
  ]
    .filter(Boolean)
    .join(' · ');
}

export default function MemberImport() {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [congregationId, setCongregationId] = useState<number | null>(null);
  const [duplicateAction, setDuplicateAction] = useState<DuplicateAction>('skip');
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);
  const [checked, setChecked] = useState<ImportState | null>(null);
  const [choices, setChoices] = useState<Record<number, DuplicateAction>>({});
  const [lookups, setLookups] = useState<LookupChoices>(EMPTY_LOOKUPS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState<ImportState | null>(null);
  const [undone, setUndone] = useState<UndoResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const { data: congregations = [] } = useGetList('configuracoes/congregacoes', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: positions = [] } = useGetList('configuracoes/positions', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: departments = [] } = useGetList('configuracoes/departamentos', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });

  // Each step's heading takes the focus (keyboard and screen reader users hear where they are).
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  const options = (dryRun: boolean, withMapping = mapping) => ({
    dryRun,
    duplicateAction,
    choices,
    mapping: withMapping,
    lookups,
    congregationId,
  });

  const analyse = async (withMapping: Record<string, string> | null, next: number) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const state = await uploadImport(file, options(true, withMapping));
      setChecked(state);
      setMapping(state.mapping);
      setStep(next);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const state = await uploadImport(file, options(false));
      setRunning(state);
      setStep(state.status === 'running' ? 4 : 5);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  // The progress: the import's state every half second while it runs.
  useEffect(() => {
    if (step !== 4 || !running || running.status !== 'running') return;
    const timer = window.setTimeout(() => {
      importState(running.id)
        .then((state) => {
          setRunning(state);
          if (state.status !== 'running') setStep(5);
        })
        .catch((caught: unknown) => setError(errorText(caught)));
    }, 500);
    return () => window.clearTimeout(timer);
  }, [step, running]);

  const undo = async () => {
    if (!running || !window.confirm(T.undoConfirm)) return;
    setBusy(true);
    setError(null);
    try {
      setUndone(await undoImport(running.id));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    setMapping(null);
    setChecked(null);
    setChoices({});
    setLookups(EMPTY_LOOKUPS);
    setRunning(null);
    setUndone(null);
    setError(null);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <Title title={T.title} />
      <Stepper activeStep={step} sx={{ mb: 2, display: { xs: 'none', md: 'flex' } }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="overline" component="p" sx={{ display: { md: 'none' } }}>
        {T.stepOf(step + 1, STEPS.length)}
      </Typography>
      <Typography
        variant="h5"
        component="h1"
        tabIndex={-1}
        ref={heading}
        sx={{ mb: 2, outline: 'none' }}
      >
        {STEPS[step]}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress aria-label={T.working} sx={{ mb: 2 }} />}

      {step === 0 && (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography>{T.fileHelp}</Typography>
          <Box>
            <Typography component="label" htmlFor="import-file" sx={{ display: 'block', mb: 1 }}>
              {T.fileLabel}
            </Typography>
            <input
              id="import-file"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                setFile(event.target.files?.[0] ?? null)
              }
            />
          </Box>
          {congregations.length > 1 && (
            <TextField
              select
              label={T.defaultCongregation}
              helperText={T.defaultCongregationHelp}
              value={congregationId ?? ''}
              onChange={(event) =>
                setCongregationId(event.target.value ? Number(event.target.value) : null)
              }
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{T.noDefault}</option>
              {congregations.map((congregation) => (
                <option key={congregation.id} value={congregation.id}>
                  {String(congregation.name)}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            select
            label={T.duplicateDefault}
            value={duplicateAction}
            onChange={(event) => setDuplicateAction(event.target.value as DuplicateAction)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {(['skip', 'update', 'create'] as const).map((action) => (
              <option key={action} value={action}>
                {T.actions[action]}
              </option>
            ))}
          </TextField>
          <Box>
            <Button
              variant="contained"
              disabled={!file || busy}
              onClick={() => void analyse(null, 1)}
            >
              {T.analyse}
            </Button>
          </Box>
        </Stack>
      )}

      {step === 1 && checked && mapping && (
        <Stack spacing={2}>
          <Typography>
            {T.fileRead(checked.file_name, checked.total_rows, checked.encoding, checked.delimiter)}
          </Typography>
          <Typography>{T.mappingHelp}</Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
              gap: 2,
            }}
          >
            {checked.headers.map((header, index) => (
              <TextField
                key={header}
                select
                id={`mapping-${index}`}
                label={T.columnLabel(header)}
                value={mapping[header] ?? ''}
                onChange={(event) => setMapping({ ...mapping, [header]: event.target.value })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{T.ignore}</option>
                {checked.targets.map((target) => (
                  <option key={target.value} value={target.value}>
                    {target.label}
                  </option>
                ))}
              </TextField>
            ))}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(0)}>{T.back}</Button>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => {
                const changed = JSON.stringify(mapping) !== JSON.stringify(checked.mapping);
                if (changed) void analyse(mapping, 2);
                else setStep(2);
              }}
            >
              {T.next}
            </Button>
          </Stack>
        </Stack>
      )}

      {step === 2 && checked && (
        <DryRun
          state={checked}
          choices={choices}
          onChoice={(row, action) => setChoices({ ...choices, [row]: action })}
          defaultAction={duplicateAction}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      )}

      {step === 3 && checked && (
        <Stack spacing={2}>
          {(['positions', 'departments', 'congregations'] as const).every(
            (kind) => checked.unknown[kind].length === 0,
          ) && <Typography>{T.allFound}</Typography>}
          {(['positions', 'departments', 'congregations'] as const).map((kind: LookupKind) =>
            checked.unknown[kind].length === 0 ? null : (
              <Paper key={kind} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {T.unknownTitle[kind]}
                </Typography>
                <Stack spacing={2}>
                  {checked.unknown[kind].map(({ name, rows }) => {
                    const existing =
                      kind === 'positions'
                        ? positions
                        : kind === 'departments'
                          ? departments
                          : congregations;
                    const value = lookups[kind][name];
                    return (
                      <TextField
                        key={name}
                        select
                        label={T.unknownLabel(name, rows)}
                        value={value === undefined ? '' : String(value)}
                        onChange={(event) => {
                          const next = { ...lookups[kind] };
                          const chosen = event.target.value;
                          if (chosen === '') delete next[name];
                          else next[name] = chosen === 'create' ? 'create' : Number(chosen);
                          setLookups({ ...lookups, [kind]: next });
                        }}
                        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                        helperText={kind === 'congregations' ? T.congregationHelp : undefined}
                      >
                        <option value="">{T.leaveError}</option>
                        {kind !== 'congregations' && (
                          <option value="create">{T.create(name)}</option>
                        )}
                        {existing.map((record) => (
                          <option key={record.id} value={record.id}>
                            {T.mapTo(String(record.name))}
                          </option>
                        ))}
                      </TextField>
                    );
                  })}
                </Stack>
              </Paper>
            ),
          )}
          <Typography>{T.beforeImport}</Typography>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(2)}>{T.back}</Button>
            <Button variant="contained" disabled={busy} onClick={() => void start()}>
              {T.importNow}
            </Button>
          </Stack>
        </Stack>
      )}

      {step === 4 && running && (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography>{T.importing}</Typography>
          <LinearProgress
            variant="determinate"
            aria-label={T.progressLabel}
            value={running.total_rows > 0 ? (100 * running.processed_rows) / running.total_rows : 0}
          />
          <Typography aria-live="polite">
            {T.progress(running.processed_rows, running.total_rows)}
          </Typography>
        </Stack>
      )}

      {step === 5 && running && (
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          {running.status === 'failed' ? (
            <Alert severity="error">{running.message ?? T.failed}</Alert>
          ) : (
            <Alert severity="success">{T.done}</Alert>
          )}
          <Table size="small" aria-label={T.resultTable}>
            <TableBody>
              {(
                [
                  [T.created, running.created_count],
                  [T.updated, running.updated_count],
                  [T.skipped, running.skipped_count],
                  [T.withErrors, running.error_rows],
                ] as const
              ).map(([label, count]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell align="right">{count.toLocaleString('pt-BR')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {undone && (
            <Alert severity={undone.kept_count > 0 ? 'warning' : 'info'}>
              {T.undone(undone.deleted, undone.restored, undone.kept_count)}
              {undone.kept.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {undone.kept.slice(0, 20).map((item) => (
                    <li key={item.row_number}>
                      {T.keptLine(item.name, item.row_number, item.reason)}
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {running.status === 'done' && (
              <Button component={Link} to="/membros" variant="contained">
                {T.seeMembers}
              </Button>
            )}
            {running.status === 'done' && running.can_undo && !undone && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => void undo()}>
                {T.undo}
              </Button>
            )}
            <Button onClick={restart}>{T.another}</Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

/** A row's errors (per column) and, for a duplicate, the choice of what to do with it. */
function RowProblems({
  row,
  choices,
  onChoice,
  defaultAction,
}: {
  row: ImportRow;
  choices: Record<number, DuplicateAction>;
  onChoice: (row: number, action: DuplicateAction) => void;
  defaultAction: DuplicateAction;
}) {
  return (
    <>
      {row.errors.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
          {row.errors.map((problem, index) => (
            <li key={index}>
              {problem.column ? `${problem.column}: ` : ''}
              {problem.message}
            </li>
          ))}
        </Box>
      )}
      {row.duplicate && row.action !== 'error' && (
        <TextField
          select
          size="small"
          label={T.duplicateOf(row.duplicate)}
          value={choices[row.row_number] ?? (row.action as DuplicateAction) ?? defaultAction}
          onChange={(event) => onChoice(row.row_number, event.target.value as DuplicateAction)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240, mt: 1 }}
        >
          {(['skip', 'update', 'create'] as const)
            .filter((action) => action !== 'update' || !row.duplicate?.outside)
            .map((action) => (
              <option key={action} value={action}>
                {T.actions[action]}
              </option>
            ))}
        </TextField>
      )}
    </>
  );
}

function DryRun({
  state,
  choices,
  onChoice,
  defaultAction,
  onBack,
  onNext,
}: {
  state: ImportState;
  choices: Record<number, DuplicateAction>;
  onChoice: (row: number, action: DuplicateAction) => void;
  defaultAction: DuplicateAction;
  onBack: () => void;
  onNext: () => void;
}) {
  const [only, setOnly] = useState<RowFilter>('all');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ImportState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    importState(state.id, { offset, limit: PAGE, only })
      .then((next) => {
        if (live) setPage(next);
      })
      .catch((caught: unknown) => {
        if (live) setError(errorText(caught));
      });
    return () => {
      live = false;
    };
  }, [state.id, offset, only]);

  const rows = page?.rows ?? [];
  const total = page?.rows_total ?? 0;
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const problemsProps = { choices, onChoice, defaultAction };
  return (
    <Stack spacing={2}>
      <Typography>
        {T.summary(state.total_rows, state.valid_rows, state.error_rows, state.duplicate_rows)}
      </Typography>
      {state.ignored_rows.length > 0 && (
        <Alert severity="info">
          {T.ignoredRows}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {state.ignored_rows.map((item) => (
              <li key={item.row_number}>{T.ignoredRow(item.row_number, item.text)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {page?.rows_cleared && <Alert severity="warning">{T.rowsCleared}</Alert>}
      <TextField
        select
        label={T.show}
        value={only}
        onChange={(event) => {
          setOnly(event.target.value as RowFilter);
          setOffset(0);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 320 }}
      >
        {(['all', 'errors', 'duplicates', 'ok'] as const).map((filter) => (
          <option key={filter} value={filter}>
            {T.filters[filter]}
          </option>
        ))}
      </TextField>
      {phone ? (
        // A phone: one block per row (a four-column table would wrap every word).
        <Stack
          component="ul"
          aria-label={T.dryRunTable}
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {rows.map((row) => (
            <Paper component="li" key={row.row_number} variant="outlined" sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {T.line} {row.row_number}
                {row.name ? ` · ${row.name}` : ''}
              </Typography>
              {row.values && <Typography variant="body2">{valuesText(row)}</Typography>}
              <RowProblems row={row} {...problemsProps} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          sx={{ maxWidth: '100%', overflowX: 'auto' }}
        >
          <Table size="small" aria-label={T.dryRunTable}>
            <TableHead>
              <TableRow>
                <TableCell>{T.line}</TableCell>
                <TableCell>{T.name}</TableCell>
                <TableCell>{T.values}</TableCell>
                <TableCell>{T.problems}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.row_number}>
                  <TableCell>{row.row_number}</TableCell>
                  <TableCell>{row.name ?? ''}</TableCell>
                  <TableCell>{valuesText(row)}</TableCell>
                  <TableCell>
                    <RowProblems row={row} {...problemsProps} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          {T.previous}
        </Button>
        <Typography>
          {T.pageOf(total === 0 ? 0 : offset + 1, Math.min(offset + PAGE, total), total)}
        </Typography>
        <Button disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          {T.nextPage}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button onClick={onBack}>{T.back}</Button>
        <Button variant="contained" onClick={onNext}>
          {T.next}
        </Button>
      </Stack>
    </Stack>
  );
}
