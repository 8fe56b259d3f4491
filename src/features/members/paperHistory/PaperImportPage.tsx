// /membros/historico/importar (issue 14): the CSV import of credentials and letters issued on
// paper before Adam. Choose the kind and the file, "Conferir" (a dry run: every row as it will be
// saved, with its errors), then "Importar" — all rows or none. Sending the same file again adds
// nothing (rows already recorded are shown as such).
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  type ChipProps,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { LETTER_TYPE_LABELS, type LetterType } from '../../../../domain/letters';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { PaperImportReport, PaperImportRow } from '../../../providers/memberCalls';
import { paths } from '../../../routing/paths';

type Kind = 'credentials' | 'letters';

/** The header line of each kind's template (the columns the import reads). */
const TEMPLATES: Record<Kind, string> = {
  credentials: 'CPF;Nome;Data de nascimento;Número;Data de emissão;Validade\r\n',
  letters:
    'CPF;Nome;Data de nascimento;Tipo;Número;Data de emissão;Igreja de destino;Cidade de destino;Observações\r\n',
};

const STATUS_COLORS: Record<PaperImportRow['status'], ChipProps['color']> = {
  new: 'success',
  recorded: 'default',
  not_found: 'warning',
  error: 'error',
};

function StatusChip({ status }: { status: PaperImportRow['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'new' ? 'filled' : 'outlined'}
      color={STATUS_COLORS[status]}
      label={translate(`adam.paper_import.status.${status}`)}
    />
  );
}

const describe = (row: PaperImportRow, kind: Kind) =>
  [
    row.number,
    row.issuedOn ? formatDate(row.issuedOn) : null,
    kind === 'credentials' && row.expiresOn ? `até ${formatDate(row.expiresOn)}` : null,
    kind === 'letters' && row.letterType ? LETTER_TYPE_LABELS[row.letterType as LetterType] : null,
    kind === 'letters' ? row.destinationChurch : null,
  ]
    .filter(Boolean)
    .join(' · ');

const errorText = (row: PaperImportRow) =>
  row.errors.map((error) => `${error.column}: ${error.message}`).join(' ');

function ReportRows({ report }: { report: PaperImportReport }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const label = translate('adam.paper_import.rows');
  if (phone) {
    return (
      <List aria-label={label} dense>
        {report.rows.map((row) => (
          <ListItem key={row.line} divider sx={{ alignItems: 'flex-start', gap: 1 }}>
            <ListItemText
              primary={`${translate('adam.paper_import.line', { line: row.line })} · ${row.memberName ?? (row.memberGiven || '—')}`}
              secondary={
                <>
                  {describe(row, report.kind)}
                  {row.errors.length > 0 && (
                    <Typography
                      component="span"
                      color="error"
                      variant="body2"
                      sx={{ display: 'block' }}
                    >
                      {errorText(row)}
                    </Typography>
                  )}
                </>
              }
            />
            <StatusChip status={row.status} />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', contain: 'inline-size' }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('adam.paper_import.columns.line')}</TableCell>
            <TableCell>{translate('adam.paper_import.columns.member')}</TableCell>
            <TableCell>{translate('adam.paper_import.columns.document')}</TableCell>
            <TableCell>{translate('adam.paper_import.columns.status')}</TableCell>
            <TableCell>{translate('adam.paper_import.columns.errors')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>
                {row.memberId ? (
                  <Link component={RouterLink} to={paths.show('membros', row.memberId)}>
                    {row.memberName}
                  </Link>
                ) : (
                  row.memberGiven || '—'
                )}
              </TableCell>
              <TableCell>{describe(row, report.kind)}</TableCell>
              <TableCell>
                <StatusChip status={row.status} />
              </TableCell>
              <TableCell sx={{ color: 'error.main' }}>
                {row.errors.map((error) => (
                  <div key={`${error.column}:${error.message}`}>
                    <strong>{error.column}:</strong> {error.message}
                  </div>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Summary({ report, imported }: { report: PaperImportReport; imported: boolean }) {
  const translate = useTranslate();
  const what = translate(`adam.paper_import.kind_plural.${report.kind}`);
  if (imported) {
    return (
      <Alert severity="success">
        {translate('adam.paper_import.imported', {
          smart_count: report.created,
          what,
          recorded: report.alreadyRecorded,
        })}
      </Alert>
    );
  }
  const counts = translate('adam.paper_import.counts', {
    total: report.total,
    created: report.created,
    recorded: report.alreadyRecorded,
    not_found: report.notFound,
    failed: report.failed,
  });
  if (report.failed > 0) {
    return (
      <Alert severity="error">
        {counts} {translate('adam.paper_import.fix_rows')}
      </Alert>
    );
  }
  return (
    <Alert severity={report.created > 0 ? 'info' : 'success'}>
      {counts}{' '}
      {report.created > 0
        ? translate('adam.paper_import.ready', { smart_count: report.created, what })
        : translate('adam.paper_import.nothing_new')}
    </Alert>
  );
}

export default function PaperImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const inputId = useId();
  const [kind, setKind] = useState<Kind>('credentials');
  const [file, setFile] = useState<File | null>(null);
  const [skipNotFound, setSkipNotFound] = useState(false);
  const [report, setReport] = useState<PaperImportReport | null>(null);
  const [imported, setImported] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setReport(null);
    setImported(false);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await dataProvider.importPaperHistory(kind, file, { dryRun, skipNotFound });
      setReport(answer);
      setImported(!dryRun && answer.failed === 0);
      if (answer.message) notify(answer.message, { type: 'error' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const canImport = report !== null && !imported && report.failed === 0 && report.created > 0;
  return (
    <Box sx={{ py: 2 }}>
      <Title title="adam.paper_import.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('adam.paper_import.title')}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{translate('adam.paper_import.intro')}</Typography>
          <FormControl sx={{ mb: 2 }}>
            <FormLabel id={`${inputId}-kind`}>{translate('adam.paper_import.kind')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${inputId}-kind`}
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as Kind);
                reset();
              }}
            >
              {(['credentials', 'letters'] as const).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={translate(`adam.paper_import.kind_plural.${value}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {translate(`adam.paper_import.columns_help.${kind}`)}{' '}
            <Link
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${TEMPLATES[kind]}`)}`}
              download={`modelo-${kind === 'credentials' ? 'credenciais' : 'cartas'}.csv`}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <FileDownloadIcon fontSize="inherit" />
              {translate('adam.paper_import.template')}
            </Link>
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              sx={{ alignSelf: 'flex-start' }}
            >
              {translate('adam.paper_import.choose')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={translate('adam.paper_import.choose')}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  setFile(event.target.files?.[0] ?? null);
                  reset();
                  event.target.value = '';
                }}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : translate('adam.paper_import.no_file')}
            </Typography>
          </Stack>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={skipNotFound}
                onChange={(event) => {
                  setSkipNotFound(event.target.checked);
                  reset();
                }}
              />
            }
            label={translate('adam.paper_import.skip_not_found')}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button
              variant={canImport ? 'outlined' : 'contained'}
              startIcon={<FactCheckIcon />}
              disabled={!file || busy}
              onClick={() => void send(true)}
            >
              {translate('adam.paper_import.check')}
            </Button>
            <Button
              variant="contained"
              startIcon={<HistoryEduIcon />}
              disabled={!canImport || busy}
              onClick={() => void send(false)}
            >
              {canImport
                ? translate('adam.paper_import.import_count', { smart_count: report.created })
                : translate('adam.paper_import.import')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {report && (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Summary report={report} imported={imported} />
              <ReportRows report={report} />
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
