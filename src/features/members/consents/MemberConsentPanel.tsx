// The member's LGPD consent on the detail page (issue 13, secretary access): where it stands now,
// every consent given or revoked (through the public form or by the secretary), and the two
// actions — "Revogar consentimento" while it is given, "Registrar consentimento" otherwise.
import BlockIcon from '@mui/icons-material/Block';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  CONSENT_ACTION_LABELS,
  CONSENT_CHANNEL_LABELS,
  consentState,
} from '../../../../domain/consents';
import { formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { ConsentRow } from '../../../providers/memberCalls';
import { useAction } from '../../../providers/useAction';
import { useCanWrite } from '../../../routing/useCanWrite';
import { LabeledButton } from '../../../ui/LabeledButton';
import { MemberDocumentsCard, MemberDocumentsTable } from '../MemberDocumentsPanel';
import type { Member } from '../types';
import { GrantConsentDialog } from './GrantConsentDialog';

/** Secretary access: those who may change members see and record their consent. */
const RESOURCE = 'membros';

/** The state chip: given (green), revoked (red) or none recorded. */
function ConsentStateChip({ state }: { state: 'granted' | 'revoked' | 'none' }) {
  const translate = useTranslate();
  const color = state === 'granted' ? 'success' : state === 'revoked' ? 'error' : 'default';
  return (
    <Chip
      size="small"
      color={color}
      variant={state === 'none' ? 'outlined' : 'filled'}
      label={translate(`adam.consents.state.${state}`)}
    />
  );
}

export function MemberConsentPanel() {
  const member = useRecordContext<Member>();
  const allowed = useCanWrite(RESOURCE);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { run, busy } = useAction();
  const [dialog, setDialog] = useState<'grant' | 'revoke' | null>(null);
  const queryKey = ['membros', 'consents', member?.id];
  const { data = [] } = useQuery({
    queryKey,
    queryFn: () => dataProvider.memberConsents(member!.id),
    enabled: Boolean(member) && allowed,
  });
  if (!member || !allowed) return null;

  const current = consentState(data);
  const latest: ConsentRow | undefined = data[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const revoke = async () => {
    setDialog(null);
    const done = await run(() => dataProvider.recordConsent(member.id, { action: 'revoke' }));
    if (done) {
      notify('adam.consents.revoked', { type: 'info', messageArgs: { name: member.name } });
      await refresh();
    }
  };

  return (
    <MemberDocumentsCard
      titleId="member-consent-title"
      icon={<PrivacyTipIcon color="primary" />}
      title="adam.consents.title"
      actions={
        member.anonymizedAt ? null : current.state === 'granted' ? (
          <LabeledButton
            label="adam.consents.revoke"
            color="error"
            onClick={() => setDialog('revoke')}
            disabled={busy}
          >
            <BlockIcon />
          </LabeledButton>
        ) : (
          <LabeledButton
            label="adam.consents.grant"
            onClick={() => setDialog('grant')}
            disabled={busy}
          >
            <TaskAltIcon />
          </LabeledButton>
        )
      }
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: data.length > 0 ? 2 : 0 }}
        data-testid="consent-state"
      >
        <ConsentStateChip state={current.state} />
        <Typography color="textSecondary">
          {latest
            ? translate(`adam.consents.since_${latest.action}`, {
                version: latest.version,
                datetime: formatDateTime(latest.at),
              })
            : translate('adam.consents.none')}
        </Typography>
      </Stack>

      {data.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {translate('adam.consents.history')}
          </Typography>
          <MemberDocumentsTable
            label="adam.consents.history"
            headings={[
              'adam.consents.fields.at',
              'adam.consents.fields.action',
              'adam.consents.fields.version',
              'adam.consents.fields.channel',
              'adam.consents.fields.recordedBy',
              'adam.consents.fields.guardianName',
            ]}
          >
            {data.map((record) => (
              <TableRow key={record.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.at)}</TableCell>
                <TableCell>{CONSENT_ACTION_LABELS[record.action]}</TableCell>
                <TableCell>{record.version}</TableCell>
                <TableCell>{CONSENT_CHANNEL_LABELS[record.channel]}</TableCell>
                <TableCell>{record.recordedByName ?? '—'}</TableCell>
                <TableCell>{record.guardianName ?? '—'}</TableCell>
                <TableCell />
              </TableRow>
            ))}
          </MemberDocumentsTable>
        </>
      )}
      <Confirm
        isOpen={dialog === 'revoke'}
        title="adam.consents.revoke_title"
        content="adam.consents.revoke_content"
        translateOptions={{ name: member.name }}
        confirm="adam.consents.revoke"
        confirmColor="warning"
        onConfirm={revoke}
        onClose={() => setDialog(null)}
      />
      <GrantConsentDialog
        member={member}
        open={dialog === 'grant'}
        onClose={() => setDialog(null)}
        onDone={async () => {
          setDialog(null);
          notify('adam.consents.granted', { type: 'success', messageArgs: { name: member.name } });
          await refresh();
        }}
      />
    </MemberDocumentsCard>
  );
}
