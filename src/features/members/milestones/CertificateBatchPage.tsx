// /membros/certificados (issue 28): a baptism service's certificates — the date (and the
// congregation) chosen, every baptized member of that day gets a numbered certificate, all in one
// PDF — and the certificates issued lately, each printable again with its number.
import PrintIcon from '@mui/icons-material/Print';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Form, Title, required, useDataProvider, useGetList, useTranslate } from 'react-admin';
import {
  CERTIFICATE_KIND_LABELS,
  type CertificateKind,
  certificateBatchSchema,
} from '../../../../domain/milestones';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { CongregationInput, DateTextInput, schemaValidator } from '../../../ui/inputs';

const RESOURCE = 'membros/certificados';
const t = (key: string) => `resources.${RESOURCE}.${key}`;
const rule = schemaValidator(certificateBatchSchema);
/** The kind and date columns give way on a phone: number, member and the print button stay. */
const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } };

interface CertificateRow {
  id: number;
  numberText: string;
  kind: CertificateKind;
  memberName: string;
  issuedOn: string;
}

export default function CertificateBatchPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const { data = [], refetch } = useGetList<CertificateRow>(RESOURCE, {
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: 25 },
  });
  const submit = async (values: Record<string, unknown>) => {
    const date = String(values.date ?? '');
    const saved = await download(
      () => dataProvider.baptismBatchPdf(date, (values.congregationId as number | null) ?? null),
      `batismos-${date}.pdf`,
    );
    if (saved) await refetch();
  };
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={t('batch_title')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate(t('batch_title'))}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {translate(t('batch_help'))}
          </Typography>
          <Form onSubmit={submit} noValidate>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <DateTextInput source="date" label={t('fields.date')} validate={[required(), rule]} />
              <CongregationInput
                label={t('fields.congregationId')}
                required={false}
                validate={rule}
              />
              <FormSaveButton
                label={t('print_batch')}
                icon={<PrintIcon />}
                disabled={busy}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              />
            </Stack>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" id="certificates-recent" gutterBottom>
            {translate(t('recent'))}
          </Typography>
          {data.length === 0 ? (
            <Typography color="textSecondary">{translate(t('empty'))}</Typography>
          ) : (
            <Table size="small" aria-labelledby="certificates-recent">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('fields.numberText'))}</TableCell>
                  <TableCell sx={PHONE_HIDDEN}>{translate(t('fields.kind'))}</TableCell>
                  <TableCell>{translate(t('fields.memberName'))}</TableCell>
                  <TableCell sx={PHONE_HIDDEN}>{translate(t('fields.issuedOn'))}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.numberText}</TableCell>
                    <TableCell sx={PHONE_HIDDEN}>{CERTIFICATE_KIND_LABELS[row.kind]}</TableCell>
                    <TableCell>{row.memberName}</TableCell>
                    <TableCell sx={PHONE_HIDDEN}>{formatDate(row.issuedOn)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={translate('resources.membros/marcos.print')}>
                        <IconButton
                          size="small"
                          aria-label={`${translate('resources.membros/marcos.print')} ${row.numberText}`}
                          onClick={() =>
                            void download(
                              () => dataProvider.certificatePdf(row.id),
                              `certificado-${row.numberText.replace('/', '-')}.pdf`,
                            )
                          }
                          disabled={busy}
                        >
                          <PictureAsPdfIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
