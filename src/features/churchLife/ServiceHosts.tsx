// The líderes who host a culto's check-in (issue 26), on the culto's screen: members of its
// congregation found by name, saved apart from the culto's form (their own call, audited).
import {
  Autocomplete,
  Button,
  Card,
  CardContent,
  Chip,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  HttpError,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { WorshipService } from './types';
import { type FoundMember, MIN_SEARCH, useMemberSearch } from './useMemberSearch';

const T = 'adam.church_life';

type Host = Pick<FoundMember, 'id' | 'name'>;

export function ServiceHosts() {
  const service = useRecordContext<WorshipService>();
  if (!service) return null;
  return <HostsCard key={service.hostIds.join(',')} service={service} />;
}

function HostsCard({ service }: { service: WorshipService }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [hosts, setHosts] = useState<Host[]>(() =>
    service.hostIds.map((id, index) => ({ id, name: service.hostNames[index] ?? '' })),
  );
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { members } = useMemberSearch(text, service.congregationId, { limit: 10 });

  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.setServiceHosts(
        service.id,
        hosts.map((host) => host.id),
      );
      setError(undefined);
      notify(translate(`${T}.hosts_saved`), { type: 'success' });
      refresh();
    } catch (failure) {
      const body =
        failure instanceof HttpError ? (failure.body as { errors?: unknown }) : undefined;
      const errors = body?.errors as Record<string, string> | undefined;
      if (errors?.hostIds ?? errors?.host_ids) setError(errors.hostIds ?? errors.host_ids);
      else notify((failure as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    // On a phone the form's toolbar stays at the bottom of the screen: the card ends above it.
    <Card
      component="section"
      variant="outlined"
      sx={{ mt: 2, mb: { xs: 10, sm: 0 }, maxWidth: 592 }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${T}.hosts_title`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {translate(`${T}.hosts_help`)}
        </Typography>
        <Autocomplete<Host, true>
          multiple
          options={members}
          value={hosts}
          onChange={(_event, value) => setHosts(value)}
          inputValue={text}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setText(value);
          }}
          filterOptions={(options) => options}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionLabel={(option) => option.name}
          noOptionsText={translate(`${T}.search_help`)}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => (
              <Chip {...getItemProps({ index })} key={option.id} label={option.name} />
            ))
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate(`${T}.hosts_label`)}
              error={Boolean(error)}
              helperText={error ?? translate(`${T}.search_help`)}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, minLength: MIN_SEARCH },
              }}
            />
          )}
        />
        <Button variant="contained" sx={{ mt: 2 }} disabled={saving} onClick={() => void save()}>
          {translate(`${T}.hosts_save`)}
        </Button>
      </CardContent>
    </Card>
  );
}
