// The member's self-update on the member's page (issue 28, secretary access): "Gerar link" with
// the link to copy or send by WhatsApp, the submissions waiting for review with their changes
// (approve or reject), and every link made with its state (an open one may be revoked).
import AddLinkIcon from '@mui/icons-material/AddLink';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { NewSelfUpdateLink, SelfUpdateLink } from '../../../providers/selfUpdateCalls';
import { useAction } from '../../../providers/useAction';
import { useCanWrite } from '../../../routing/useCanWrite';
import { LabeledButton } from '../../../ui/LabeledButton';
import { MemberDocumentsCard, MemberDocumentsTable } from '../MemberDocumentsPanel';
import type { Member } from '../types';
import { NewLinkDialog } from './NewLinkDialog';
import { SelfUpdateDiff } from './SelfUpdateDiff';

const RESOURCE = 'membros/atualizacoes';
const TEXTS = `resources.${RESOURCE}`;

/** One submission waiting for the secretary: its changes, approve and reject. */
function PendingReview({
  link,
  member,
  onReviewed,
}: {
  link: SelfUpdateLink;
  member: Member;
  onReviewed(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [confirming, setConfirming] = useState(false);
  const review = async (verdict: 'approve' | 'reject') => {
    const done = await run(() => dataProvider.reviewSelfUpdate(link.id, verdict));
    if (!done) return;
    notify(`${TEXTS}.${verdict === 'approve' ? 'approved' : 'rejected'}`, {
      type: 'success',
      messageArgs: { name: member.name },
    });
    onReviewed();
  };
  return (
    <Box
      component="section"
      aria-labelledby={`self-update-review-${link.id}`}
      sx={{ borderLeft: 4, borderColor: 'warning.main', pl: 2, mb: 3 }}
    >
      <Typography variant="subtitle1" component="h3" id={`self-update-review-${link.id}`}>
        {translate(`${TEXTS}.review_title`, { datetime: formatDateTime(link.submittedAt) })}
      </Typography>
      {/* On a phone the table scrolls sideways inside the card, never the page. */}
      <Box sx={{ overflowX: 'auto', contain: 'inline-size', my: 1 }}>
        <SelfUpdateDiff changes={link.changes ?? {}} sex={member.sex} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <LabeledButton
          label={`${TEXTS}.approve`}
          color="success"
          variant="contained"
          disabled={busy}
          onClick={() => review('approve')}
        >
          <CheckIcon />
        </LabeledButton>
        <LabeledButton
          label={`${TEXTS}.reject`}
          color="error"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          <CloseIcon />
        </LabeledButton>
      </Stack>
      <Confirm
        isOpen={confirming}
        title={`${TEXTS}.reject_title`}
        content={`${TEXTS}.reject_content`}
        translateOptions={{ name: member.name }}
        confirm={`${TEXTS}.reject`}
        confirmColor="warning"
        onConfirm={async () => {
          setConfirming(false);
          await review('reject');
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

export function MemberSelfUpdatePanel() {
  const member = useRecordContext<Member>();
  const allowed = useCanWrite(RESOURCE);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { run, busy } = useAction();
  const [created, setCreated] = useState<NewSelfUpdateLink | null>(null);
  const queryKey = ['membros', 'self_updates', member?.id];
  const { data = [] } = useQuery({
    queryKey,
    queryFn: () => dataProvider.memberSelfUpdates(member!.id),
    enabled: Boolean(member) && allowed,
  });
  if (!member || !allowed) return null;

  const reload = () => queryClient.invalidateQueries({ queryKey });
  const create = async () => {
    const link = await run(() => dataProvider.createSelfUpdate(member.id));
    if (link) {
      setCreated(link);
      await reload();
    }
  };
  const revoke = async (id: number) => {
    if (await run(() => dataProvider.revokeSelfUpdate(id))) {
      notify(`${TEXTS}.revoked`, { type: 'info' });
      await reload();
    }
  };
  const pending = data.filter((link) => link.state === 'pending');

  return (
    <MemberDocumentsCard
      titleId="member-self-update-title"
      icon={<ManageAccountsIcon color="primary" />}
      title={`${TEXTS}.panel_title`}
      note={data.length === 0 ? `${TEXTS}.panel_intro` : undefined}
      actions={
        member.anonymizedAt ? null : (
          <LabeledButton label={`${TEXTS}.create`} onClick={create} disabled={busy}>
            <AddLinkIcon />
          </LabeledButton>
        )
      }
    >
      {pending.map((link) => (
        <PendingReview
          key={link.id}
          link={link}
          member={member}
          onReviewed={() => {
            void reload();
            // The member's record on the page shows the applied changes.
            refresh();
          }}
        />
      ))}
      {data.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {translate(`${TEXTS}.history`)}
          </Typography>
          <MemberDocumentsTable
            label={`${TEXTS}.history`}
            headings={[`${TEXTS}.created_on`, `${TEXTS}.valid_until`, `${TEXTS}.state`]}
          >
            {data.map((link) => (
              <TableRow key={link.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(link.createdAt)}
                  {link.createdByName && (
                    <Typography variant="caption" color="textSecondary" component="div">
                      {translate(`${TEXTS}.created_by`, { name: link.createdByName })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(link.expiresAt)}
                </TableCell>
                <TableCell>{link.stateLabel}</TableCell>
                <TableCell align="right">
                  {link.state === 'open' && (
                    <LabeledButton
                      label={`${TEXTS}.revoke`}
                      color="error"
                      disabled={busy}
                      onClick={() => revoke(link.id)}
                    >
                      <LinkOffIcon />
                    </LabeledButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </MemberDocumentsTable>
        </>
      )}
      <NewLinkDialog link={created} name={member.name} onClose={() => setCreated(null)} />
    </MemberDocumentsCard>
  );
}
