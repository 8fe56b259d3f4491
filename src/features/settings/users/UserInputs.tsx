import { Box, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceInput,
  BooleanInput,
  CheckboxGroupInput,
  PasswordInput,
  ReferenceArrayInput,
  TextInput,
  email,
  maxLength,
  minLength,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  ADMIN_WHOLE_CHURCH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../../domain/users';
import { CONGREGATIONS_RESOURCE } from '../../../ui/inputs';
import { ROLE_CHOICES } from './roleChoices';

const passwordRules = [minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];

const searchByName = (text: string) => ({ q: text });

/**
 * The congregations the user is limited to (issue 12): none is the whole church. An admin always
 * sees the whole church, so the input gives way to a note (and the form sends none).
 */
function CongregationsInput() {
  const translate = useTranslate();
  const roles = (useWatch({ name: 'roles' }) as string[] | undefined) ?? [];
  if (roles.includes('admin')) {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {translate('resources.configuracoes/usuarios.fields.congregationIds')}: {ADMIN_WHOLE_CHURCH}
      </Typography>
    );
  }
  return (
    <ReferenceArrayInput
      source="congregationIds"
      reference={CONGREGATIONS_RESOURCE}
      sort={{ field: 'kind', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteArrayInput
        optionText="name"
        filterToQuery={searchByName}
        TextFieldProps={{ placeholder: translate('adam.congregation.whole_church') }}
        helperText="resources.configuracoes/usuarios.congregations_help"
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

/**
 * The member a líder is (issue 26): he reaches the cells that member leads. Asked only with the
 * role líder; the others send none.
 */
function LeaderMemberInput() {
  const roles = (useWatch({ name: 'roles' }) as string[] | undefined) ?? [];
  if (!roles.includes('leader')) return null;
  return (
    <ReferenceInput source="memberId" reference="membros" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={searchByName}
        label="resources.configuracoes/usuarios.fields.memberId"
        helperText="resources.configuracoes/usuarios.member_help"
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** An admin sees the whole church; only a líder names a member: the form sends neither else. */
export const userPayload = <
  T extends { roles?: string[]; congregationIds?: number[]; memberId?: number | null },
>(
  values: T,
): T => ({
  ...values,
  ...(values.roles?.includes('admin') ? { congregationIds: [] } : {}),
  ...(values.roles?.includes('leader') ? {} : { memberId: null }),
});

/** The form body shared by create and edit; on edit the password is optional (a reset). */
export function UserInputs({ creating }: { creating: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), maxLength(120)]} fullWidth />
      <TextInput
        source="email"
        type="email"
        validate={[required(), email(), maxLength(254)]}
        fullWidth
      />
      <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} />
      <LeaderMemberInput />
      <CongregationsInput />
      <BooleanInput source="active" />
      <PasswordInput
        source="password"
        label={
          creating
            ? 'resources.configuracoes/usuarios.fields.password'
            : 'resources.configuracoes/usuarios.new_password'
        }
        helperText={creating ? false : 'resources.configuracoes/usuarios.new_password_help'}
        validate={creating ? [required(), ...passwordRules] : passwordRules}
        autoComplete="new-password"
        fullWidth
      />
    </Box>
  );
}
