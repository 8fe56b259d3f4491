// "Registrar consentimento": the secretary records a consent given outside the public form (on
// paper, in person): the text's version (the current one proposed), the date, and for a minor
// the guardian who authorizes.
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  Form,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { consentActionSchema } from '../../../../domain/consents';
import { todayIso } from '../../../../domain/dates';
import { formatDate } from '../../../../domain/formats';
import { isMinor } from '../../../../domain/registration';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { DateTextInput, schemaValidator } from '../../../ui/inputs';
import type { Member } from '../types';

const rule = schemaValidator(consentActionSchema);
const VERSIONS = 'configuracoes/consentimento';
const FIELDS = 'adam.consents.fields';

interface VersionChoice {
  id: number;
  version: number;
  createdAt: string;
  current: boolean;
}

/** Asked only when the member is under 18 on the date given. */
function GuardianInput({ birthDate }: { birthDate: string | null }) {
  const at = useWatch({ name: 'at' }) as string | null | undefined;
  if (!isMinor(birthDate, at && at.length === 10 ? at : todayIso())) return null;
  return (
    <TextInput
      source="guardianName"
      label={`${FIELDS}.guardianName`}
      helperText="adam.consents.guardian_help"
      validate={[required(), rule]}
      fullWidth
    />
  );
}

export function GrantConsentDialog({
  member,
  open,
  onClose,
  onDone,
}: {
  member: Pick<Member, 'id' | 'name' | 'birthDate'>;
  open: boolean;
  onClose(): void;
  onDone(): Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: versions = [] } = useGetList<VersionChoice>(
    VERSIONS,
    { sort: { field: 'version', order: 'DESC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: open },
  );
  const current = versions.find((version) => version.current);
  const choices = versions.map((version) => ({
    id: version.id,
    name: translate(
      version.current ? 'adam.consents.version_current' : 'adam.consents.version_choice',
      { version: version.version, date: formatDate(version.createdAt) },
    ),
  }));

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.recordConsent(member.id, {
        action: 'grant',
        consentVersionId: values.consentVersionId as number,
        at: (values.at as string | null) || null,
        guardianName: (values.guardianName as string | null) || null,
      });
      await onDone();
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
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="grant-title">
      <Box onSubmit={(event) => event.stopPropagation()} onClick={(e) => e.stopPropagation()}>
        <ResourceContextProvider value={VERSIONS}>
          {current && (
            <Form
              onSubmit={submit}
              defaultValues={{ consentVersionId: current.id, at: todayIso(), guardianName: null }}
              noValidate
            >
              <DialogTitle id="grant-title">
                {translate('adam.consents.grant_title', { name: member.name })}
              </DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                  {translate('adam.consents.grant_content')}
                </DialogContentText>
                <SelectInput
                  source="consentVersionId"
                  label={`${FIELDS}.version`}
                  choices={choices}
                  validate={required()}
                  fullWidth
                />
                <DateTextInput source="at" label={`${FIELDS}.date`} validate={rule} fullWidth />
                <GuardianInput birthDate={member.birthDate} />
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                <SaveButton label="adam.consents.grant" icon={<TaskAltIcon />} alwaysEnable />
              </DialogActions>
            </Form>
          )}
        </ResourceContextProvider>
      </Box>
    </Dialog>
  );
}
