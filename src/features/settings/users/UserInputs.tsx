import { Box } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  PasswordInput,
  TextInput,
  email,
  maxLength,
  minLength,
  required,
} from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../domain/users';
import { ROLE_CHOICES } from './roleChoices';

const passwordRules = [minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];

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
