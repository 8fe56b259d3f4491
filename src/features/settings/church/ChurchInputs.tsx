import { Link, Typography } from '@mui/material';
import { NumberInput, SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { AUDIT_RETENTION } from '../../../../domain/audit';
import { LOGO_MAX_BYTES, churchSchema } from '../../../../domain/church';
import {
  CnpjInput,
  ImageUploadInput,
  PhoneInput,
  ZipCodeInput,
  schemaValidator,
} from '../../../ui/inputs';
import { UF_CHOICES } from '../../../ui/choices';
import { ChurchWideNote } from '../../../ui/ChurchWideNote';
import { FormGrid } from '../../../ui/FormGrid';
import { PRIVACY_PATH } from '../../../routing/publicPaths';

/** 256 px is plenty for the app bar, the login page and printed cards. */
const LOGO = { maxSide: 256, maxBytes: LOGO_MAX_BYTES };

/** The server's church schema, for each input's own field. */
const rule = schemaValidator(churchSchema, { skip: ['logo'] });

/**
 * The church's fields; read-only for users without secretary access. The church-wide ones (the
 * trail's retention, the privacy block: domain/access.ts CHURCH_WIDE_SETTINGS) only for an admin
 * of the whole church (`churchWide`).
 */
export function ChurchInputs({ readOnly, churchWide }: { readOnly: boolean; churchWide: boolean }) {
  const common = { readOnly, fullWidth: true, validate: rule };
  const wide = { ...common, readOnly: readOnly || !churchWide };
  return (
    <FormGrid>
      <div className="span-2">
        <ImageUploadInput source="logo" resize={LOGO} variant="rounded" readOnly={readOnly} />
      </div>
      <TextInput {...common} source="name" validate={[required(), rule]} className="span-2" />
      <CnpjInput {...common} source="cnpj" />
      <TextInput {...common} source="pastorName" />
      <TextInput
        {...common}
        source="treasurerName"
        helperText="resources.configuracoes/igreja.treasurer_help"
      />
      <TextInput {...common} source="email" type="email" />
      <PhoneInput {...common} source="phone" />
      <ZipCodeInput {...common} source="zipCode" />
      <TextInput {...common} source="street" />
      <TextInput {...common} source="number" />
      <TextInput {...common} source="complement" />
      <TextInput {...common} source="district" />
      <TextInput {...common} source="city" />
      <SelectInput {...common} source="state" choices={UF_CHOICES} />
      <NumberInput
        {...common}
        source="credentialValidityMonths"
        validate={[required(), rule]}
        helperText="resources.configuracoes/igreja.validity_help"
        min={1}
        max={120}
        step={1}
      />
      {!readOnly && !churchWide && <ChurchWideNote className="span-2" />}
      {/* The audit trail's retention (issue 13, LGPD). */}
      <NumberInput
        {...wide}
        source="auditRetentionYears"
        validate={[required(), rule]}
        helperText="resources.configuracoes/igreja.audit_retention_help"
        min={AUDIT_RETENTION.min}
        max={AUDIT_RETENTION.max}
        step={1}
      />
      <PrivacyInputs readOnly={wide.readOnly} />
    </FormGrid>
  );
}

/**
 * The privacy notice's block (issue 13): the encarregado (LGPD art. 41) and the church's own
 * wording of retention and sharing; /privacidade is written from them.
 */
function PrivacyInputs({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const common = { readOnly, fullWidth: true, validate: rule };
  const key = (name: string) => `resources.configuracoes/igreja.${name}`;
  return (
    <>
      <div className="span-2">
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate(key('privacy_title'))}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {translate(key('privacy_help'))}{' '}
          <Link href={PRIVACY_PATH} target="_blank" rel="noopener">
            {translate(key('privacy_link'))}
          </Link>
        </Typography>
      </div>
      <TextInput {...common} source="dpoName" helperText={key('dpo_name_help')} />
      <TextInput {...common} source="dpoEmail" type="email" helperText={key('dpo_email_help')} />
      <TextInput
        {...common}
        source="privacySharing"
        multiline
        minRows={2}
        className="span-2"
        helperText={key('privacy_sharing_help')}
      />
      <TextInput
        {...common}
        source="privacyRetention"
        multiline
        minRows={2}
        className="span-2"
        helperText={key('privacy_retention_help')}
      />
    </>
  );
}
