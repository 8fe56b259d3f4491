import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Form,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/formats';
import { maritalStatusLabels } from '../../../domain/members';
import { type SelfUpdateGroup, selfUpdateSubmissionSchema } from '../../../domain/selfUpdate';
import { toCamelKey } from '../../providers/case';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { PublicSelfUpdate } from '../../providers/selfUpdateCalls';
import { choicesFrom } from '../../ui/choices';
import { FormGrid } from '../../ui/FormGrid';
import { PhoneInput, schemaValidator } from '../../ui/inputs';
import {
  ConsentCheckbox,
  PrivacyNoticeLink,
  PublicAddressInputs,
  Section,
  SubmitButton,
  usePublicSubmit,
} from './PublicFormParts';
import { PublicShell } from './PublicShell';

const TEXTS = 'adam.self_update';

/** The inputs of one group the church allows, checked by the member schema's rules. */
function GroupInputs({
  group,
  rule,
  sex,
}: {
  group: SelfUpdateGroup;
  rule: ReturnType<typeof schemaValidator>;
  sex: string | null;
}) {
  if (group === 'phones') {
    return (
      <Section title={`${TEXTS}.contact`}>
        <FormGrid>
          <PhoneInput source="phoneMobile" validate={rule} autoComplete="tel" fullWidth />
          <PhoneInput source="phoneHome" validate={rule} fullWidth />
        </FormGrid>
      </Section>
    );
  }
  if (group === 'email') {
    return (
      <Section title={`${TEXTS}.email`}>
        <TextInput source="email" type="email" autoComplete="email" validate={rule} fullWidth />
      </Section>
    );
  }
  if (group === 'address') {
    return (
      <Section title={`${TEXTS}.address`}>
        <PublicAddressInputs rule={rule} />
      </Section>
    );
  }
  if (group === 'profession') {
    return (
      <Section title={`${TEXTS}.profession`}>
        <TextInput source="profession" validate={rule} fullWidth />
      </Section>
    );
  }
  return (
    <Section title={`${TEXTS}.marital_status`}>
      <FormGrid>
        <SelectInput
          source="maritalStatus"
          choices={choicesFrom(maritalStatusLabels(sex))}
          validate={rule}
          fullWidth
        />
        <TextInput source="spouseName" validate={rule} fullWidth />
      </FormGrid>
    </Section>
  );
}

function SelfUpdateForm({
  token,
  page,
  onDone,
}: {
  token: string;
  page: PublicSelfUpdate;
  onDone(message: string): void;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const rule = useMemo(() => schemaValidator(selfUpdateSubmissionSchema(page.groups)), [page]);
  const defaults = useMemo(
    () => ({
      ...Object.fromEntries(page.fields.map((field) => [toCamelKey(field), page.values[field]])),
      consent: false,
      consentVersionId: page.consent.id,
    }),
    [page],
  );

  const submit = usePublicSubmit(
    (values) => dataProvider.submitSelfUpdate(token, values),
    (answer) => onDone(answer.message),
    `${TEXTS}.failed`,
  );

  return (
    <ResourceContextProvider value="membros">
      <Form onSubmit={submit} defaultValues={defaults} noValidate>
        {page.groups.map((group) => (
          <GroupInputs key={group} group={group} rule={rule} sex={page.sex} />
        ))}
        <Section title={`${TEXTS}.consent_title`}>
          <ConsentCheckbox source="consent" text={page.consent.text} validate={rule} />
          <PrivacyNoticeLink />
        </Section>
        <SubmitButton label={`${TEXTS}.submit`} />
      </Form>
    </ResourceContextProvider>
  );
}

/** A line of icon, title and text in the card's middle: sent, or a link that cannot be used. */
function Outcome({ done, title, text }: { done: boolean; title: string; text: string }) {
  const Icon = done ? CheckCircleIcon : LinkOffIcon;
  return (
    <Box sx={{ textAlign: 'center', py: 4 }} role={done ? 'status' : 'alert'}>
      <Icon color={done ? 'success' : 'warning'} sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * /atualizar_cadastro/{token}: the member's own data of the fields the church allows, on a phone
 * first; what is sent waits for the secretary's review. A used, expired or revoked link says so.
 */
export default function SelfUpdatePage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [sent, setSent] = useState<string | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: ['public', 'self_update', token],
    queryFn: () => dataProvider.publicSelfUpdate(token),
    retry: false,
    staleTime: Infinity,
  });

  let content;
  if (sent) {
    content = <Outcome done title={translate(`${TEXTS}.done_title`)} text={sent} />;
  } else if (isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  } else if (error || !data) {
    content = (
      <Outcome
        done={false}
        title={translate(`${TEXTS}.unusable_title`)}
        text={(error as Error | null)?.message ?? translate(`${TEXTS}.failed`)}
      />
    );
  } else {
    content = (
      <>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {translate(`${TEXTS}.greeting`, { name: data.name.split(' ')[0] })}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {translate(`${TEXTS}.intro`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
          {translate(`${TEXTS}.valid_until`, { datetime: formatDateTime(data.expiresAt) })}
        </Typography>
        <SelfUpdateForm
          token={token}
          page={data}
          onDone={(message) => {
            setSent(message);
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }
  return (
    <PublicShell title={translate(`${TEXTS}.title`)}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{content}</CardContent>
      </Card>
    </PublicShell>
  );
}
