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
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { formatCpf, formatDate, formatPhone } from '../../../../domain/formats';
import { OUTSIDE_DUPLICATE } from '../../../../domain/memberImport';
import { MEMBER_STATUS_LABELS } from '../../../../domain/members';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type {
  DuplicateAction,
  ImportRow,
  ImportState,
  LookupChoices,
  LookupKind,
  RowFilter,
  UndoResult,
} from '../../../providers/memberImportCalls';
import { labelOf } from '../../../ui/choices';
import { formatInteger } from '../../../ui/listTotal';

const STEPS = ['file', 'mapping', 'dry_run', 'names', 'import', 'result'] as const;
const PAGE = 50;
const EMPTY_LOOKUPS: LookupChoices = { positions: {}, departments: {}, congregations: {} };

type Words = (key: string, args?: Record<string, unknown>) => string;

/** The wizard's words (adam.member_import.*), counts in pt-BR with their plural. */
function useImportWords() {
  const translate = useTranslate();
  return useMemo(() => {
    const t: Words = (key, args) => translate(`adam.member_import.${key}`, args);
    // Polyglot's pt-br rule reads 0 as singular; a count of rows reads "0 linhas".
    const counted = (key: string, value: number) =>
      t(key, { smart_count: value === 1 ? 1 : 2, count: formatInteger(value) });
    return { t, counted };
  }, [translate]);
}

const errorText = (error: unknown, t: Words) =>
  error instanceof Error && error.message ? error.message : t('failed');

/** The row's values as they will be saved, in a few words (dates, documents, contact). */
function valuesText(row: ImportRow, t: Words): string {
  const values = row.values;
  if (!values) return '';
  const date = typeof values.birthDate === 'string' ? formatDate(values.birthDate) : '';
  return [
    date && `${t('born')} ${date}`,
    values.cpf && `CPF ${formatCpf(String(values.cpf))}`,
    values.phoneMobile && `${t('mobile')} ${formatPhone(String(values.phoneMobile))}`,
    values.email && String(values.email),
    typeof values.status === 'string' && labelOf(MEMBER_STATUS_LABELS, values.status),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Whom a duplicate row repeats: a member (named unless another congregation's) or a row. */
function duplicateText(duplicate: NonNullable<ImportRow['duplicate']>, t: Words): string {
  const kind = t(`duplicate_kinds.${duplicate.kind}`);
  if (duplicate.outside) return t('duplicate_outside', { outside: OUTSIDE_DUPLICATE, kind });
  if (duplicate.memberName) return t('duplicate_member', { name: duplicate.memberName, kind });
  return t('duplicate_row', { row: duplicate.row ?? '', kind });
}

export default function MemberImport() {
  const { t, counted } = useImportWords();
  const dataProvider = useDataProvider<AppDataProvider>();
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
      const state = await dataProvider.uploadMemberImport(file, options(true, withMapping));
      setChecked(state);
      setMapping(state.mapping);
      setStep(next);
    } catch (caught) {
      setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const state = await dataProvider.uploadMemberImport(file, options(false));
      setRunning(state);
      setStep(state.status === 'running' ? 4 : 5);
    } catch (caught) {
      setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  };

  // The progress: the import's state every half second while it runs.
  useEffect(() => {
    if (step !== 4 || !running || running.status !== 'running') return;
    const timer = window.setTimeout(() => {
      dataProvider
        .memberImport(running.id)
        .then((state) => {
          setRunning(state);
          if (state.status !== 'running') setStep(5);
        })
        .catch((caught: unknown) => setError(errorText(caught, t)));
    }, 500);
    return () => window.clearTimeout(timer);
  }, [dataProvider, t, step, running]);

  const undo = async () => {
    if (!running || !window.confirm(t('undo_confirm'))) return;
    setBusy(true);
    setError(null);
    try {
      setUndone(await dataProvider.undoMemberImport(running.id));
    } catch (caught) {
      setError(errorText(caught, t));
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
      <Title title={t('title')} />
      <Stepper activeStep={step} sx={{ mb: 2, display: { xs: 'none', md: 'flex' } }}>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(`steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="overline" component="p" sx={{ display: { md: 'none' } }}>
        {t('step_of', { step: step + 1, total: STEPS.length })}
      </Typography>
      <Typography
        variant="h5"
        component="h1"
        tabIndex={-1}
        ref={heading}
        sx={{ mb: 2, outline: 'none' }}
      >
        {t(`steps.${STEPS[step]}`)}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress aria-label={t('working')} sx={{ mb: 2 }} />}

      {step === 0 && (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography>{t('file_help')}</Typography>
          <Box>
            <Typography component="label" htmlFor="import-file" sx={{ display: 'block', mb: 1 }}>
              {t('file_label')}
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
              label={t('default_congregation')}
              helperText={t('default_congregation_help')}
              value={congregationId ?? ''}
              onChange={(event) =>
                setCongregationId(event.target.value ? Number(event.target.value) : null)
              }
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('no_default')}</option>
              {congregations.map((congregation) => (
                <option key={congregation.id} value={congregation.id}>
                  {String(congregation.name)}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            select
            label={t('duplicate_default')}
            value={duplicateAction}
            onChange={(event) => setDuplicateAction(event.target.value as DuplicateAction)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {(['skip', 'update', 'create'] as const).map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </TextField>
          <Box>
            <Button
              variant="contained"
              disabled={!file || busy}
              onClick={() => void analyse(null, 1)}
            >
              {t('analyse')}
            </Button>
          </Box>
        </Stack>
      )}

      {step === 1 && checked && mapping && (
        <Stack spacing={2}>
          <Typography>
            {t('file_read', {
              name: checked.fileName,
              lines: counted('lines', checked.totalRows),
              encoding: checked.encoding
                ? t(`encoding.${checked.encoding === 'utf-8' ? 'utf8' : 'other'}`)
                : '',
              delimiter: checked.delimiter ? t('delimiter', { delimiter: checked.delimiter }) : '',
            })}
          </Typography>
          <Typography>{t('mapping_help')}</Typography>
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
                label={t('column_label', { header })}
                value={mapping[header] ?? ''}
                onChange={(event) => setMapping({ ...mapping, [header]: event.target.value })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('ignore')}</option>
                {checked.targets.map((target) => (
                  <option key={target.value} value={target.value}>
                    {target.label}
                  </option>
                ))}
              </TextField>
            ))}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(0)}>{t('back')}</Button>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => {
                const changed = JSON.stringify(mapping) !== JSON.stringify(checked.mapping);
                if (changed) void analyse(mapping, 2);
                else setStep(2);
              }}
            >
              {t('next')}
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
          ) && <Typography>{t('all_found')}</Typography>}
          {(['positions', 'departments', 'congregations'] as const).map((kind: LookupKind) =>
            checked.unknown[kind].length === 0 ? null : (
              <Paper key={kind} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t(`unknown_title.${kind}`)}
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
                        label={t('unknown_label', { name, lines: counted('lines', rows) })}
                        value={value === undefined ? '' : String(value)}
                        onChange={(event) => {
                          const next = { ...lookups[kind] };
                          const chosen = event.target.value;
                          if (chosen === '') delete next[name];
                          else next[name] = chosen === 'create' ? 'create' : Number(chosen);
                          setLookups({ ...lookups, [kind]: next });
                        }}
                        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                        helperText={
                          kind === 'congregations'
                            ? t('congregation_help')
                            : kind === 'departments' && value === undefined
                              ? t('omit_help')
                              : undefined
                        }
                      >
                        {/* A department not found is left out, not the member (issue 24). */}
                        <option value="">
                          {kind === 'departments' ? t('omit') : t('leave_error')}
                        </option>
                        {kind !== 'congregations' && (
                          <option value="create">{t('create', { name })}</option>
                        )}
                        {existing.map((record) => (
                          <option key={record.id} value={record.id}>
                            {t('map_to', { name: String(record.name) })}
                          </option>
                        ))}
                      </TextField>
                    );
                  })}
                </Stack>
              </Paper>
            ),
          )}
          <Typography>{t('before_import')}</Typography>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(2)}>{t('back')}</Button>
            <Button variant="contained" disabled={busy} onClick={() => void start()}>
              {t('import_now')}
            </Button>
          </Stack>
        </Stack>
      )}

      {step === 4 && running && (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography>{t('importing')}</Typography>
          <LinearProgress
            variant="determinate"
            aria-label={t('progress_label')}
            value={running.totalRows > 0 ? (100 * running.processedRows) / running.totalRows : 0}
          />
          <Typography aria-live="polite">
            {t('progress', {
              done: formatInteger(running.processedRows),
              total: formatInteger(running.totalRows),
            })}
          </Typography>
        </Stack>
      )}

      {step === 5 && running && (
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          {running.status === 'failed' ? (
            <Alert severity="error">{running.message ?? t('failed')}</Alert>
          ) : (
            <Alert severity="success">{t('done')}</Alert>
          )}
          <Table size="small" aria-label={t('result_table')}>
            <TableBody>
              {(
                [
                  [t('created'), running.createdCount],
                  [t('updated'), running.updatedCount],
                  [t('skipped'), running.skippedCount],
                  [t('with_errors'), running.errorRows],
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
            <Alert severity={undone.keptCount > 0 ? 'warning' : 'info'}>
              {t('undone', {
                deleted: counted('deleted', undone.deleted),
                restored: counted('restored', undone.restored),
                kept: undone.keptCount > 0 ? counted('kept', undone.keptCount) : '.',
              })}
              {undone.kept.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {undone.kept.slice(0, 20).map((item) => (
                    <li key={item.rowNumber}>
                      {t('kept_line', {
                        name: item.name ?? t('row_name', { row: item.rowNumber }),
                        reason: item.reason,
                      })}
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {running.status === 'done' && (
              <Button component={Link} to="/membros" variant="contained">
                {t('see_members')}
              </Button>
            )}
            {running.status === 'done' && running.canUndo && !undone && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => void undo()}>
                {t('undo')}
              </Button>
            )}
            <Button onClick={restart}>{t('another')}</Button>
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
  const { t } = useImportWords();
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
          label={duplicateText(row.duplicate, t)}
          value={choices[row.rowNumber] ?? (row.action as DuplicateAction) ?? defaultAction}
          onChange={(event) => onChoice(row.rowNumber, event.target.value as DuplicateAction)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240, mt: 1 }}
        >
          {(['skip', 'update', 'create'] as const)
            .filter((action) => action !== 'update' || !row.duplicate?.outside)
            .map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
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
  const { t, counted } = useImportWords();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [only, setOnly] = useState<RowFilter>('all');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ImportState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dataProvider
      .memberImport(state.id, { offset, limit: PAGE, only })
      .then((next) => {
        if (live) setPage(next);
      })
      .catch((caught: unknown) => {
        if (live) setError(errorText(caught, t));
      });
    return () => {
      live = false;
    };
  }, [dataProvider, t, state.id, offset, only]);

  const rows = page?.rows ?? [];
  const total = page?.rowsTotal ?? 0;
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const problemsProps = { choices, onChoice, defaultAction };
  return (
    <Stack spacing={2}>
      <Typography>
        {t('summary', {
          lines: counted('lines', state.totalRows),
          ready: counted('ready', state.validRows),
          errors: counted('error_count', state.errorRows),
          duplicates: counted('duplicate_count', state.duplicateRows),
        })}
      </Typography>
      {state.ignoredRows.length > 0 && (
        <Alert severity="info">
          {t('ignored_rows')}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {state.ignoredRows.map((item) => (
              <li key={item.rowNumber}>
                {t('ignored_row', { row: formatInteger(item.rowNumber), text: item.text })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {page?.rowsCleared && <Alert severity="warning">{t('rows_cleared')}</Alert>}
      <TextField
        select
        label={t('show')}
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
            {t(`filters.${filter}`)}
          </option>
        ))}
      </TextField>
      {phone ? (
        // A phone: one block per row (a four-column table would wrap every word).
        <Stack
          component="ul"
          aria-label={t('dry_run_table')}
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
        >
          {rows.map((row) => (
            <Paper component="li" key={row.rowNumber} variant="outlined" sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {t('line')} {row.rowNumber}
                {row.name ? ` · ${row.name}` : ''}
              </Typography>
              {row.values && <Typography variant="body2">{valuesText(row, t)}</Typography>}
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
          <Table size="small" aria-label={t('dry_run_table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('line')}</TableCell>
                <TableCell>{t('name')}</TableCell>
                <TableCell>{t('values')}</TableCell>
                <TableCell>{t('problems')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.rowNumber}>
                  <TableCell>{row.rowNumber}</TableCell>
                  <TableCell>{row.name ?? ''}</TableCell>
                  <TableCell>{valuesText(row, t)}</TableCell>
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
          {t('previous')}
        </Button>
        <Typography>
          {t('page_of', {
            from: formatInteger(total === 0 ? 0 : offset + 1),
            to: formatInteger(Math.min(offset + PAGE, total)),
            total: formatInteger(total),
          })}
        </Typography>
        <Button disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          {t('next_page')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button onClick={onBack}>{t('back')}</Button>
        <Button variant="contained" onClick={onNext}>
          {t('next')}
        </Button>
      </Stack>
    </Stack>
  );
}
