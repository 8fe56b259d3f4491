// /configuracoes/consentimento (admin; issue 13): the consent texts /meu_cadastro shows. Saving
// them creates a new version — the ones already saved stay as they were, listed below, since
// members consented to them.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SaveIcon from '@mui/icons-material/Save';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import {
  Form,
  SaveButton,
  TextInput,
  Title,
  required,
  useCreate,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { CHURCH_PLACEHOLDER, consentVersionSchema } from '../../../../domain/consents';
import { formatDateTime } from '../../../../domain/formats';
import { camelCaseKeys } from '../../../providers/case';
import { useCanWrite } from '../../../routing/useCanWrite';
import { useChangesChurchWide } from '../../../routing/useChangesChurchWide';
import { ChurchWideNote } from '../../../ui/ChurchWideNote';
import { schemaValidator } from '../../../ui/inputs';

const RESOURCE = 'configuracoes/consentimento';
const T = `resources.${RESOURCE}`;
const rule = schemaValidator(consentVersionSchema);

interface ConsentVersion {
  id: number;
  version: number;
  text: string;
  guardianText: string;
  createdAt: string;
  current: boolean;
}

function VersionTexts({ version }: { version: ConsentVersion }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {translate(`${T}.fields.text`)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{version.text}</Typography>
      <Typography variant="subtitle2" component="h3">
        {translate(`${T}.fields.guardianText`)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{version.guardianText}</Typography>
    </Stack>
  );
}

export default function ConsentVersionsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  // Admins open the page; the texts are church-wide: an admin of the whole church saves them.
  const admin = useCanWrite(RESOURCE);
  const writable = useChangesChurchWide(RESOURCE);
  const [create] = useCreate<ConsentVersion>();
  const { data = [], refetch } = useGetList<ConsentVersion>(RESOURCE, {
    sort: { field: 'version', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const current = data.find((version) => version.current);
  const older = data.filter((version) => !version.current);

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = (await create(
        RESOURCE,
        { data: { text: values.text as string, guardianText: values.guardianText as string } },
        { returnPromise: true },
      )) as ConsentVersion;
      notify(`${T}.saved`, { type: 'success', messageArgs: { version: saved.version } });
      await refetch();
      return undefined;
    } catch (error) {
      const body = (error as { body?: { errors?: unknown } })?.body;
      if (body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        return camelCaseKeys<Record<string, string>>(body.errors);
      }
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={`${T}.title`} />
      <Stack spacing={2}>
        <Card component="section" aria-labelledby="consent-current-title">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 2 }}>
              <Typography variant="h6" component="h2" id="consent-current-title">
                {current
                  ? translate(`${T}.current_title`, { version: current.version })
                  : translate(`${T}.title`)}
              </Typography>
              {current && (
                <Typography color="textSecondary">
                  {translate(`${T}.saved_at`, { datetime: formatDateTime(current.createdAt) })}
                </Typography>
              )}
            </Box>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate(`${T}.explain`, { placeholder: CHURCH_PLACEHOLDER })}
            </Alert>
            {admin && !writable && <ChurchWideNote />}
            {current && (
              <Form
                key={current.id}
                onSubmit={save}
                defaultValues={{ text: current.text, guardianText: current.guardianText }}
                noValidate
                disabled={!writable}
              >
                <TextInput
                  source="text"
                  label={`${T}.fields.text`}
                  validate={[required(), rule]}
                  multiline
                  minRows={5}
                  fullWidth
                  readOnly={!writable}
                />
                <TextInput
                  source="guardianText"
                  label={`${T}.fields.guardianText`}
                  validate={[required(), rule]}
                  multiline
                  minRows={2}
                  fullWidth
                  readOnly={!writable}
                />
                {writable && <SaveButton label={`${T}.save`} icon={<SaveIcon />} />}
              </Form>
            )}
          </CardContent>
        </Card>

        <Card component="section" aria-labelledby="consent-older-title">
          <CardContent>
            <Typography variant="h6" component="h2" id="consent-older-title" sx={{ mb: 1 }}>
              {translate(`${T}.older_title`)}
            </Typography>
            {older.length === 0 ? (
              <Typography color="textSecondary">{translate(`${T}.older_none`)}</Typography>
            ) : (
              older.map((version) => (
                <Accordion key={version.id} disableGutters>
                  <AccordionSummary
                    expandIcon={<ExpandMoreIcon />}
                    aria-controls={`consent-version-${version.id}`}
                    id={`consent-version-${version.id}-summary`}
                  >
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Chip
                        size="small"
                        label={translate(`${T}.version`, { version: version.version })}
                      />
                      <Typography color="textSecondary">
                        {translate(`${T}.saved_at`, {
                          datetime: formatDateTime(version.createdAt),
                        })}
                      </Typography>
                    </Stack>
                  </AccordionSummary>
                  <AccordionDetails id={`consent-version-${version.id}`}>
                    <VersionTexts version={version} />
                  </AccordionDetails>
                </Accordion>
              ))
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
