import { SelectInput, TextInput, required } from 'react-admin';
import { PHOTO_MAX_BYTES, PHOTO_THUMB_MAX_BYTES } from '../../../domain/members';
import { CpfInput, ImageUploadInput, DateTextInput } from '../../ui/inputs';
import { FormGrid } from '../../ui/FormGrid';
import { SEX_CHOICES, useChoicesForSex } from '../../ui/memberChoices';
import { validateMemberField as rule } from './memberValidators';

const PHOTO = { maxSide: 600, maxBytes: PHOTO_MAX_BYTES };
const THUMBNAIL = { source: 'photoThumb', maxSide: 64, maxBytes: PHOTO_THUMB_MAX_BYTES };

/** Tab "Dados pessoais". */
export function MemberPersonalInputs() {
  const { maritalChoices } = useChoicesForSex();
  return (
    <FormGrid>
      <div className="span-2">
        <ImageUploadInput source="photo" resize={PHOTO} thumbnail={THUMBNAIL} />
      </div>
      <TextInput source="name" validate={[required(), rule]} className="span-2" fullWidth />
      <SelectInput source="sex" choices={SEX_CHOICES} validate={rule} fullWidth />
      <DateTextInput source="birthDate" validate={rule} fullWidth />
      <SelectInput source="maritalStatus" choices={maritalChoices} validate={rule} fullWidth />
      <TextInput source="spouseName" validate={rule} fullWidth />
      <CpfInput source="cpf" validate={rule} fullWidth />
      <TextInput source="rg" validate={rule} fullWidth />
      <TextInput source="birthplace" validate={rule} fullWidth />
      <TextInput source="profession" validate={rule} fullWidth />
      <TextInput source="fatherName" validate={rule} fullWidth />
      <TextInput source="motherName" validate={rule} fullWidth />
    </FormGrid>
  );
}
