// "Família" on the member's page (issue 28): the household with its members (linked to their
// pages) and relatives, each with relation, age, status, phone and whose address they use; create
// a family from the member, add or change people, edit the shared address, print the ficha. For
// secretary access (the server answers nobody else).
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Button,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TableCell,
  type Theme,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatPhone, formatZipCode } from '../../../../domain/formats';
import { memberStatusLabel } from '../../../../domain/members';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import type { Family, FamilyPerson } from '../../../providers/familyCalls';
import { useAction } from '../../../providers/useAction';
import { paths } from '../../../routing/paths';
import { useCanWrite } from '../../../routing/useCanWrite';
import { FormDialog } from '../../../ui/FormDialog';
import { MemberDocumentsCard, MemberDocumentsTable } from '../MemberDocumentsPanel';
import type { Member } from '../types';
import { FamilyEditDialog } from './FamilyEditDialog';
import { FamilyPersonDialog } from './FamilyPersonDialog';

const T = 'resources.familias';

/** "Rua das Flores, 100 – Centro – Campinas/SP – CEP 13.010-000". */
function addressText(family: Family): string {
  const street = [family.street, family.number].filter(Boolean).join(', ');
  const city = [family.city, family.state].filter(Boolean).join('/');
  return [
    street,
    family.complement,
    family.district,
    city,
    family.zipCode ? `CEP ${formatZipCode(family.zipCode)}` : '',
  ]
    .filter(Boolean)
    .join(' – ');
}

type Dialog = { kind: 'edit' } | { kind: 'person'; person?: FamilyPerson } | { kind: 'delete' };

export function FamilyPanel() {
  const member = useRecordContext<Member>();
  const translate = useTranslate();
  const notify = useNotify();
  const writable = useCanWrite('familias');
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { run, busy } = useAction();
  const { download, busy: downloading } = useDownload();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const key = ['membros', 'family', member?.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.memberFamily(member!.id),
    enabled: Boolean(member) && writable,
  });
  if (!member || !writable || !data) return null;
  const family = data.family;
  // The member's own record may have changed (the address they inherit): read it again too.
  const saved = (next: Family | null) => {
    queryClient.setQueryData(key, { personId: data.personId, family: next });
    void queryClient.invalidateQueries({ queryKey: ['membros'] });
    setDialog(null);
  };
  const create = async () => {
    const created = await run(() => dataProvider.createFamily({ memberId: member.id }));
    if (created) {
      notify(`${T}.panel.created`, { type: 'info' });
      saved(created);
    }
  };
  const remove = async (person: FamilyPerson) => {
    const answer = await run(() => dataProvider.removeFamilyPerson(person.id));
    if (answer) {
      notify(`${T}.people.removed`, { type: 'info' });
      saved(answer.family);
    }
  };
  const removeFamily = async () => {
    if (!family) return;
    const answer = await run(() => dataProvider.deleteFamily(family.id));
    if (answer) {
      notify(`${T}.panel.deleted`, { type: 'info' });
      saved(null);
    }
  };
  const ageText = (person: FamilyPerson) =>
    person.age === null ? '' : translate(`${T}.people.age_years`, { smart_count: person.age });
  const statusText = (person: FamilyPerson) =>
    person.memberId === null
      ? translate(`${T}.people.not_member`)
      : person.hidden
        ? ''
        : memberStatusLabel(person.status, person.sex);
  const personName = (person: FamilyPerson) =>
    person.memberId && !person.hidden ? (
      <Link component={RouterLink} to={paths.show('membros', person.memberId)}>
        {person.name}
      </Link>
    ) : (
      <>{person.name}</>
    );
  const personActions = (person: FamilyPerson) =>
    person.hidden ? null : (
      <>
        <Tooltip title={translate(`${T}.people.edit`, { name: person.name })}>
          <IconButton
            aria-label={translate(`${T}.people.edit`, { name: person.name })}
            onClick={() => setDialog({ kind: 'person', person })}
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate(`${T}.people.remove`, { name: person.name })}>
          <IconButton
            aria-label={translate(`${T}.people.remove`, { name: person.name })}
            disabled={busy}
            onClick={() => remove(person)}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </>
    );
  const locked = Boolean(member.anonymizedAt);
  const actions = family ? (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        startIcon={<PictureAsPdfIcon />}
        disabled={downloading}
        onClick={() => download(() => dataProvider.familyFicha(family.id))}
      >
        {translate(`${T}.panel.ficha`)}
      </Button>
      <Button startIcon={<EditIcon />} onClick={() => setDialog({ kind: 'edit' })}>
        {translate(`${T}.panel.edit`)}
      </Button>
      <Button
        startIcon={<PersonAddIcon />}
        variant="contained"
        onClick={() => setDialog({ kind: 'person' })}
      >
        {translate(`${T}.panel.add`)}
      </Button>
    </Stack>
  ) : locked ? null : (
    <Button startIcon={<FamilyRestroomIcon />} variant="contained" disabled={busy} onClick={create}>
      {translate(`${T}.panel.create`)}
    </Button>
  );
  return (
    <MemberDocumentsCard
      titleId="member-family-title"
      icon={<FamilyRestroomIcon color="primary" />}
      title={`${T}.panel.title`}
      actions={actions}
    >
      {!family ? (
        <Typography color="textSecondary">{translate(`${T}.panel.none`)}</Typography>
      ) : (
        <Stack spacing={2}>
          <div>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {family.name}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {translate(`${T}.panel.congregation`, { name: family.congregationName })}
            </Typography>
            <Typography variant="body2">
              {translate(`${T}.panel.address`)}:{' '}
              {addressText(family) || translate(`${T}.panel.no_address`)}
            </Typography>
          </div>
          {phone ? (
            <List dense aria-label={translate(`${T}.people.label`)} disablePadding>
              {family.people.map((person) => (
                <ListItem
                  key={person.id}
                  divider
                  disableGutters
                  secondaryAction={personActions(person)}
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={personName(person)}
                    secondary={[
                      person.relationText,
                      ageText(person),
                      statusText(person),
                      formatPhone(person.phone),
                      person.memberId === null
                        ? ''
                        : translate(
                            person.usesFamilyAddress
                              ? `${T}.people.uses_family_address`
                              : `${T}.people.uses_own_address`,
                          ),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <MemberDocumentsTable
              label={`${T}.people.label`}
              headings={[
                `${T}.people.name`,
                `${T}.people.relation`,
                `${T}.people.age`,
                `${T}.people.status`,
                `${T}.people.phone`,
                `${T}.people.address`,
              ]}
            >
              {family.people.map((person) => (
                <TableRow key={person.id} selected={person.id === data.personId}>
                  <TableCell>{personName(person)}</TableCell>
                  <TableCell>{person.relationText}</TableCell>
                  <TableCell>{ageText(person) || '—'}</TableCell>
                  <TableCell>{statusText(person) || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(person.phone) || '—'}
                  </TableCell>
                  <TableCell>
                    {person.memberId === null
                      ? '—'
                      : translate(
                          person.usesFamilyAddress
                            ? `${T}.people.family_address`
                            : `${T}.people.own_address`,
                        )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{personActions(person)}</TableCell>
                </TableRow>
              ))}
            </MemberDocumentsTable>
          )}
          <div>
            <Button color="error" onClick={() => setDialog({ kind: 'delete' })}>
              {translate(`${T}.panel.delete`)}
            </Button>
          </div>
        </Stack>
      )}
      {family && dialog?.kind === 'edit' && (
        <FamilyEditDialog family={family} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {family && dialog?.kind === 'person' && (
        <FamilyPersonDialog
          family={family}
          person={dialog.person}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      )}
      {family && dialog?.kind === 'delete' && (
        <FormDialog
          open
          danger
          title={translate(`${T}.panel.delete_title`, { name: family.name })}
          explain={[translate(`${T}.panel.delete_explain`)]}
          submit={translate(`${T}.panel.delete`)}
          disabled={busy}
          onSubmit={removeFamily}
          onClose={() => setDialog(null)}
        >
          {null}
        </FormDialog>
      )}
    </MemberDocumentsCard>
  );
}
