import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BooleanInput,
  Form,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { REGISTRATION_PARAM } from '../../../domain/congregations';
import { HONEYPOT_FIELD, isMinor, registrationSchema } from '../../../domain/registration';
import { CpfInput, DateTextInput, PhoneInput, schemaValidator } from '../../ui/inputs';
import { usePublicChurch } from '../../providers/usePublicChurch';
import type { CustomField } from '../../ui/customFields/types';
import { CustomFieldInput } from '../../ui/customFields/CustomFieldInput';
import { SEX_CHOICES, useChoicesForSex } from '../../ui/memberChoices';
import { FormGrid } from '../../ui/FormGrid';
import {
  ConsentCheckbox,
  PrivacyNoticeLink,
  PublicAddressInputs,
  Section,
  SubmitButton,
  usePublicSubmit,
} from './PublicFormParts';
import { PublicShell } from './PublicShell';
import type { AppDataProvider } from '../../providers/dataProvider';
import type {
  PublicCongregation,
  PublicConsent,
  PublicCustomField,
} from '../../providers/publicCalls';

const rule = schemaValidator(registrationSchema);
const DEFAULTS = { holySpiritBaptism: false, consent: false, guardianConsent: false };

/** Filled only by robots: kept off screen and out of the keyboard's way. */
function Honeypot() {
  const translate = useTranslate();
  return (
    <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1 }}>
      <TextInput
        source={HONEYPOT_FIELD}
        label={translate('adam.registration.honeypot')}
        slotProps={{ htmlInput: { tabIndex: -1, autoComplete: 'off' } }}
      />
    </Box>
  );
}

function GuardianFields({ text }: { text: string }) {
  const translate = useTranslate();
  const birthDate = useWatch({ name: 'birthDate' }) as string | undefined;
  if (!isMinor(birthDate)) return null;
  return (
    <Section title="adam.registration.guardian_name">
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('adam.registration.minor_notice')}
      </Alert>
      <TextInput
        source="guardianName"
        label="adam.registration.guardian_name"
        validate={[rule, required()]}
        fullWidth
      />
      <ConsentCheckbox source="guardianConsent" text={text} validate={rule} />
    </Section>
  );
}

/** Worded for the sex chosen beside it ("Casada"). */
function MaritalStatusInput() {
  const { maritalChoices } = useChoicesForSex();
  return <SelectInput source="maritalStatus" choices={maritalChoices} validate={rule} fullWidth />;
}

const asCustomField = (field: PublicCustomField, index: number): CustomField => ({
  ...field,
  id: index,
  active: true,
  publicForm: true,
  visibleToAll: false,
  sortOrder: index,
});

/**
 * The congregation a link names (?congregacao=<slug>): its id, 'unknown' when no active
 * congregation has that slug, or null when the link names none.
 */
function useLinkedCongregation(congregations: PublicCongregation[]): number | 'unknown' | null {
  const [params] = useSearchParams();
  const slug = params.get(REGISTRATION_PARAM)?.trim().toLowerCase();
  if (!slug) return null;
  return congregations.find((congregation) => congregation.slug === slug)?.id ?? 'unknown';
}

/** "Congregação": asked when the church has more than one active congregation. */
function CongregationSection({
  congregations,
  unknownLink,
}: {
  congregations: PublicCongregation[];
  unknownLink: boolean;
}) {
  const translate = useTranslate();
  return (
    <Section title="adam.registration.congregation_title">
      {unknownLink && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('adam.registration.congregation_unknown')}
        </Alert>
      )}
      <SelectInput
        source="congregationId"
        label="adam.registration.congregation"
        choices={congregations}
        validate={required()}
        helperText="adam.registration.congregation_help"
        fullWidth
      />
    </Section>
  );
}

function RegistrationForm({
  consent,
  congregations,
  onDone,
}: {
  /** The church's current consent version: its texts, and its id sent with the form. */
  consent: PublicConsent;
  congregations: PublicCongregation[];
  onDone(): void;
}) {
  const linked = useLinkedCongregation(congregations);
  const asksCongregation = congregations.length > 1;
  const defaults = {
    ...DEFAULTS,
    consentVersionId: consent.id,
    ...(asksCongregation && typeof linked === 'number' ? { congregationId: linked } : {}),
  };
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: customFields = [] } = useQuery({
    queryKey: ['public', 'custom_fields'],
    queryFn: () => dataProvider.publicCustomFields(),
    staleTime: 5 * 60 * 1000,
  });

  const submit = usePublicSubmit(
    (values) => dataProvider.register(values),
    () => onDone(),
    'adam.registration.failed',
  );

  return (
    <ResourceContextProvider value="membros">
      <Form onSubmit={submit} defaultValues={defaults} noValidate>
        <Box sx={{ position: 'relative' }}>
          {asksCongregation && (
            <CongregationSection congregations={congregations} unknownLink={linked === 'unknown'} />
          )}
          <Section title="adam.registration.personal">
            <FormGrid>
              <TextInput
                source="name"
                validate={[required(), rule]}
                className="span-2"
                autoComplete="name"
                fullWidth
              />
              <DateTextInput source="birthDate" validate={[required(), rule]} fullWidth />
              <SelectInput source="sex" choices={SEX_CHOICES} validate={rule} fullWidth />
              <MaritalStatusInput />
              <CpfInput source="cpf" validate={rule} fullWidth />
            </FormGrid>
          </Section>
          <Section title="adam.registration.contact">
            <FormGrid>
              <TextInput
                source="email"
                type="email"
                autoComplete="email"
                validate={rule}
                className="span-2"
                fullWidth
              />
              <PhoneInput source="phoneMobile" validate={rule} autoComplete="tel" fullWidth />
              <PhoneInput source="phoneHome" validate={rule} fullWidth />
            </FormGrid>
          </Section>
          <Section title="adam.registration.address">
            <PublicAddressInputs rule={rule} />
          </Section>
          <Section title="adam.registration.faith">
            <FormGrid>
              <DateTextInput source="baptismDate" validate={rule} fullWidth />
              <BooleanInput source="holySpiritBaptism" sx={{ alignSelf: 'center' }} />
            </FormGrid>
          </Section>
          {customFields.length > 0 && (
            <Section title="adam.registration.more">
              <FormGrid>
                {customFields.map((field, index) => (
                  <CustomFieldInput key={field.key} field={asCustomField(field, index)} />
                ))}
              </FormGrid>
            </Section>
          )}
          <GuardianFields text={consent.guardianText} />
          <Section title="adam.registration.consent_title">
            <ConsentCheckbox source="consent" text={consent.text} validate={rule} />
            <PrivacyNoticeLink />
          </Section>
          <Honeypot />
          <SubmitButton label="adam.registration.submit" />
        </Box>
      </Form>
    </ResourceContextProvider>
  );
}

/** /meu_cadastro: a newcomer's own registration, on a phone as well as on a computer. */
export default function RegistrationPage() {
  const translate = useTranslate();
  const { data: church, isPending } = usePublicChurch();
  const [done, setDone] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <PublicShell title={translate('adam.registration.title')}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {done ? (
            <Box sx={{ textAlign: 'center', py: 4 }} role="status">
              <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
              <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
                {translate('adam.registration.done_title')}
              </Typography>
              <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
                {translate('adam.registration.done_text')}
              </Typography>
              <Button
                variant="outlined"
                onClick={() => {
                  setDone(false);
                  setRound(round + 1);
                }}
              >
                {translate('adam.registration.again')}
              </Button>
            </Box>
          ) : (
            <>
              <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
                {translate('adam.registration.title')}
              </Typography>
              <Typography color="textSecondary" sx={{ mb: 3 }}>
                {translate('adam.registration.intro')}
              </Typography>
              {isPending || !church ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                  <CircularProgress aria-label={translate('ra.page.loading')} />
                </Box>
              ) : (
                <RegistrationForm
                  key={round}
                  consent={church.consent}
                  congregations={church.congregations}
                  onDone={() => {
                    setDone(true);
                    window.scrollTo({ top: 0 });
                  }}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </PublicShell>
  );
}
