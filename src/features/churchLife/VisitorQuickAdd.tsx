// The visitor quick-add (30 seconds at the door): name, phone, who invited them, first time, and
// their consent to be contacted — shown with the church's consent text, whose version the server
// records. From a culto's check-in screen, or a cell's report, the visitor is also marked present.
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { usePublicChurch } from '../../providers/usePublicChurch';
import { CONGREGATIONS_RESOURCE } from '../../ui/congregationsResource';
import { newClientKey } from './offlineQueue';
import { type FoundMember, useMemberSearch } from './useMemberSearch';

const T = 'adam.visitor_form';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The culto the visitor is marked present at (its congregation is theirs). */
  gatheringId?: number;
  congregationId?: number;
  /**
   * Who may have invited them, when the user does not search the church's members (a líder at
   * his cell's report, issue 26: its members); the name is filtered among them.
   */
  inviters?: FoundMember[];
  onSaved: () => void;
}

/** The congregation to file a visitor under, when no culto gives it. */
function CongregationSelect({
  value,
  onChange,
}: {
  value: number | '';
  onChange: (id: number) => void;
}) {
  const translate = useTranslate();
  const { data = [] } = useGetList(CONGREGATIONS_RESOURCE, {
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  const only = data.length === 1 ? Number(data[0].id) : null;
  useEffect(() => {
    if (value === '' && only !== null) onChange(only);
  }, [value, only, onChange]);
  return (
    <TextField
      select
      label={translate('adam.congregation.label')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      required
      fullWidth
    >
      {data.map((congregation) => (
        <MenuItem key={congregation.id} value={congregation.id}>
          {congregation.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function VisitorQuickAdd({
  open,
  onClose,
  gatheringId,
  congregationId,
  inviters,
  onSaved,
}: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [inviterText, setInviterText] = useState('');
  const [inviter, setInviter] = useState<FoundMember | null>(null);
  const [firstVisit, setFirstVisit] = useState(true);
  const [consent, setConsent] = useState(false);
  const [congregation, setCongregation] = useState<number | ''>(congregationId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const searched = useMemberSearch(inviters ? '' : inviterText, congregationId, {
    limit: 6,
    gatheringId,
  }).members;
  const members = inviters ?? searched;
  const church = usePublicChurch();
  const consentText = church.data?.consent;

  const reset = () => {
    setName('');
    setPhone('');
    setInviter(null);
    setInviterText('');
    setFirstVisit(true);
    setConsent(false);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = translate('ra.validation.required');
    if (phone.trim() && !consent) local.contactConsent = translate(`${T}.phone_needs_consent`);
    if (!gatheringId && congregation === '')
      local.congregationId = translate('adam.church_life.no_congregation');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const visitor = await dataProvider.addVisitor({
        name,
        phone: phone || null,
        invitedById: inviter?.id ?? null,
        firstVisit,
        contactConsent: consent,
        congregationId: gatheringId ? null : (congregation as number),
        gatheringId: gatheringId ?? null,
        clientKey: newClientKey(),
      });
      notify(translate(gatheringId ? `${T}.saved_present` : `${T}.saved`, { name: visitor.name }), {
        type: 'success',
      });
      reset();
      onSaved();
      onClose();
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { errors?: unknown }) : undefined;
      if (body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        setErrors(body.errors as Record<string, string>);
      } else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{translate(`${T}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate(`${T}.name`)}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name}
              fullWidth
            />
            <TextField
              label={translate(`${T}.phone`)}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={Boolean(errors.phone)}
              helperText={errors.phone}
              slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
              fullWidth
            />
            <Autocomplete
              options={members}
              value={inviter}
              onChange={(_event, value) => setInviter(value)}
              inputValue={inviterText}
              onInputChange={(_event, value) => setInviterText(value)}
              getOptionLabel={(member) => member.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              // Searched on the server, or (a cell's members) filtered here.
              filterOptions={inviters ? undefined : (options) => options}
              noOptionsText={translate('ra.navigation.no_results')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate(`${T}.invited_by`)}
                  error={Boolean(errors.invitedById)}
                  helperText={errors.invitedById}
                />
              )}
            />
            {!gatheringId && (
              <>
                <CongregationSelect value={congregation} onChange={setCongregation} />
                {errors.congregationId && <Alert severity="error">{errors.congregationId}</Alert>}
              </>
            )}
            <FormControlLabel
              control={
                <Checkbox
                  checked={firstVisit}
                  onChange={(event) => setFirstVisit(event.target.checked)}
                />
              }
              label={translate(`${T}.first_visit`)}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={consent}
                  onChange={(event) => setConsent(event.target.checked)}
                />
              }
              label={translate(`${T}.consent`)}
            />
            {consentText && (
              <Typography variant="body2" color="textSecondary" component="div">
                {translate(`${T}.consent_text`, { version: consentText.version })}
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                  {consentText.text}
                </Typography>
              </Typography>
            )}
            {errors.contactConsent && <Alert severity="error">{errors.contactConsent}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(`${T}.save`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
