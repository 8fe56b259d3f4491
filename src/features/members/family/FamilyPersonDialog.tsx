// Adding someone to the household — a member of the church (found by name) or a relative who is no
// member (name, birth date, sex, phone) — or changing a person's relation: the relation, the
// person of the household it is to, and, for a member, whether they use the family's address. A
// member already in another household is refused with the server's words and "Mover para esta
// família" moves them explicitly.
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FAMILY_RELATIONS, FAMILY_RELATION_LABELS } from '../../../../domain/families';
import { SEXES, SEX_LABELS } from '../../../../domain/members';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { Family, FamilyPerson } from '../../../providers/familyCalls';
import { failureMessage } from '../../../providers/useAction';
import { FormDialog } from '../../../ui/FormDialog';
import { DateTextField, useDebouncedValue } from '../../../ui/inputs';

const T = 'resources.familias.person';

interface Found extends RaRecord {
  name: string;
  congregationName?: string;
}

/** Field errors of a 422 answer (camelCase), or the message of any other failure. */
function errorsOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  const body = (error as { body?: { errors?: Record<string, string>; message?: string } })?.body;
  const status = (error as { status?: number })?.status;
  if (status === 422 && body?.errors)
    return { fields: camelCaseKeys<Record<string, string>>(body.errors), message: null };
  return { fields: {}, message: failureMessage(error) };
}

function MemberSearch(props: {
  value: Found | null;
  onChange: (member: Found | null) => void;
  error?: string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const { data = [] } = useQuery({
    queryKey: ['family-member-search', q],
    queryFn: async () =>
      (
        await dataProvider.getList<Found>('membros', {
          filter: { q },
          sort: { field: 'match', order: 'ASC' },
          pagination: { page: 1, perPage: 8 },
        })
      ).data,
    enabled: q.length >= 2,
  });
  return (
    <Autocomplete
      options={q.length >= 2 ? data : []}
      value={props.value}
      onChange={(_event, member) => props.onChange(member)}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      getOptionLabel={(member) =>
        member.congregationName ? `${member.name} – ${member.congregationName}` : member.name
      }
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      noOptionsText={translate(`${T}.member_help`)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(`${T}.member`)}
          required
          error={Boolean(props.error)}
          helperText={props.error ?? translate(`${T}.member_help`)}
        />
      )}
    />
  );
}

export function FamilyPersonDialog({
  family,
  person,
  onClose,
  onSaved,
}: {
  family: Family;
  /** The person changed; none: someone added. */
  person?: FamilyPerson;
  onClose: () => void;
  onSaved: (family: Family) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [kind, setKind] = useState<'member' | 'relative'>('member');
  const [member, setMember] = useState<Found | null>(null);
  const [relation, setRelation] = useState(person?.relation ?? '');
  const [relativeId, setRelativeId] = useState<number | ''>(person?.relativeId ?? '');
  const [usesAddress, setUsesAddress] = useState(person?.usesFamilyAddress ?? true);
  const [name, setName] = useState(person && !person.memberId ? person.name : '');
  const [birthDate, setBirthDate] = useState(person?.birthDate ?? '');
  const [sex, setSex] = useState(person?.sex ?? '');
  const [phone, setPhone] = useState(person?.phone ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isMember = person ? person.memberId !== null : kind === 'member';

  const body = (move = false) => {
    const common = { relation, relativeId: relativeId === '' ? null : relativeId };
    if (isMember) {
      return person
        ? { ...common, usesFamilyAddress: usesAddress }
        : { ...common, memberId: member?.id, usesFamilyAddress: usesAddress, move };
    }
    return { ...common, name, birthDate, sex, phone };
  };
  const save = async (move = false) => {
    setBusy(true);
    setErrors({});
    try {
      const saved = person
        ? await dataProvider.updateFamilyPerson(person.id, body())
        : await dataProvider.addFamilyPerson(family.id, body(move));
      notify(person ? `${T}.saved` : `${T}.added`, { type: 'info' });
      onSaved(saved);
    } catch (error) {
      const status = (error as { status?: number })?.status;
      const { fields, message } = errorsOf(error);
      if (status === 409 && !person && isMember && message?.includes('já pertence')) {
        setConflict(message);
      } else if (message) {
        notify(message, { type: 'error' });
      }
      setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  const others = family.people.filter((other) => other.id !== person?.id && !other.hidden);
  const title = person
    ? translate(`${T}.edit_title`, { name: person.name })
    : translate(`${T}.add_title`);
  return (
    <FormDialog
      open
      title={title}
      submit={translate(`${T}.save`)}
      disabled={busy}
      maxWidth="sm"
      onSubmit={() => save(false)}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!person && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_event, value) => value && setKind(value)}
            aria-label={translate(`${T}.kind`)}
          >
            <ToggleButton value="member">{translate(`${T}.kind_member`)}</ToggleButton>
            <ToggleButton value="relative">{translate(`${T}.kind_relative`)}</ToggleButton>
          </ToggleButtonGroup>
        )}
        {!person && isMember && (
          <MemberSearch
            value={member}
            onChange={(found) => {
              setMember(found);
              setConflict(null);
            }}
            error={errors.memberId}
          />
        )}
        {conflict && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => save(true)} disabled={busy}>
                {translate(`${T}.move`)}
              </Button>
            }
          >
            {conflict} {translate(`${T}.move_explain`)}
          </Alert>
        )}
        {!isMember && (
          <>
            <TextField
              label={translate(`${T}.name`)}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateTextField
                label={translate(`${T}.birth_date`)}
                value={birthDate}
                onChange={(value) => setBirthDate(value ?? '')}
                error={Boolean(errors.birthDate)}
                helperText={errors.birthDate}
                fullWidth
              />
              <TextField
                select
                label={translate(`${T}.sex`)}
                value={sex}
                onChange={(event) => setSex(event.target.value)}
                fullWidth
              >
                <MenuItem value="">—</MenuItem>
                {SEXES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {SEX_LABELS[value]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              label={translate(`${T}.phone`)}
              type="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={Boolean(errors.phone)}
              helperText={errors.phone}
            />
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            required
            label={translate(`${T}.relation`)}
            value={relation}
            onChange={(event) => setRelation(event.target.value)}
            error={Boolean(errors.relation)}
            helperText={errors.relation}
            fullWidth
          >
            {FAMILY_RELATIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {FAMILY_RELATION_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate(`${T}.relative`)}
            value={relativeId}
            onChange={(event) => setRelativeId(event.target.value as unknown as number | '')}
            error={Boolean(errors.relativeId)}
            helperText={errors.relativeId}
            fullWidth
          >
            <MenuItem value="">{translate(`${T}.relative_none`)}</MenuItem>
            {others.map((other) => (
              <MenuItem key={other.id} value={other.id}>
                {other.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {isMember && (
          <FormControlLabel
            control={
              <Checkbox
                checked={usesAddress}
                onChange={(event) => setUsesAddress(event.target.checked)}
              />
            }
            label={translate(`${T}.uses_address`)}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
