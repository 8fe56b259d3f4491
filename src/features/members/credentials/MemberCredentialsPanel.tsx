import AutorenewIcon from '@mui/icons-material/Autorenew';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintIcon from '@mui/icons-material/Print';
import { IconButton, Link, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCreate, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { useAction } from '../../../providers/useAction';
import { credentialCheckPath, formatCredentialNumber } from '../../../../domain/credentials';
import { formatDate } from '../../../../domain/formats';
import {
  MemberDocumentsCard,
  MemberDocumentsTable,
  useMemberDocuments,
} from '../MemberDocumentsPanel';
import { LabeledButton } from '../../../ui/LabeledButton';
import { PaperMark } from '../../../ui/PaperMark';
import { PaperRecordDialog } from '../PaperRecordDialog';
import { CredentialStateChip } from './CredentialStateChip';
import { credentialPdfName } from '../../../providers/credentialFiles';
import type { Credential } from './types';

const RESOURCE = 'credenciais';

type Dialog =
  { kind: 'renew' | 'revoke'; credential: Credential } | { kind: 'issue' | 'paper' } | null;

/**
 * The member's card on the detail page (secretary access): issue, renew, print, revoke, the
 * public check page, and the history of every card the member had.
 */
export function MemberCredentialsPanel() {
  const {
    member,
    allowed,
    documents: data,
    refetch,
    churchMissing,
  } = useMemberDocuments<Credential>(RESOURCE, 'number');
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate<Credential>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const { download, busy: downloading } = useDownload();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!member || !allowed) return null;

  const print = (credential: Credential) =>
    download(() => dataProvider.credentialPdf(credential.id), credentialPdfName(credential));

  const active = data.find((credential) => credential.status === 'active');
  const memberActive = member.status === 'active' && !member.anonymizedAt;
  const issuable = memberActive && churchMissing.length === 0;
  /** A paper card has no copy in Adam to print (the server refuses it too). */
  const printable = (credential: Credential) =>
    credential.state !== 'revoked' && !credential.issuedOnPaper;
  const dialogCard = dialog && 'credential' in dialog ? dialog.credential : null;

  const issue = async () => {
    setDialog(null);
    try {
      const card = (await create(
        RESOURCE,
        { data: { memberId: member.id } },
        { returnPromise: true },
      )) as Credential;
      notify('adam.credentials.issued', {
        type: 'success',
        messageArgs: { number: formatCredentialNumber(card.number) },
      });
      await refetch();
      await print(card);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  };

  const revoke = async (credential: Credential) => {
    setDialog(null);
    const done = await run(() => dataProvider.revokeCredential(credential.id));
    if (done) {
      notify('adam.credentials.revoked', {
        type: 'info',
        messageArgs: { number: formatCredentialNumber(credential.number) },
      });
      await refetch();
    }
  };

  return (
    <MemberDocumentsCard
      titleId="member-credentials-title"
      icon={<BadgeIcon color="primary" />}
      title="adam.credentials.title"
      churchMissing={churchMissing}
      note={
        member.anonymizedAt
          ? 'adam.subject.locked'
          : memberActive
            ? undefined
            : 'adam.credentials.only_active'
      }
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {active && printable(active) && (
            <LabeledButton
              label="adam.credentials.print"
              onClick={() => print(active)}
              disabled={downloading}
            >
              <PrintIcon />
            </LabeledButton>
          )}
          {active ? (
            <LabeledButton
              label="adam.credentials.renew"
              onClick={() => setDialog({ kind: 'renew', credential: active })}
              disabled={!issuable || creating}
            >
              <AutorenewIcon />
            </LabeledButton>
          ) : (
            <LabeledButton
              label="adam.credentials.issue"
              variant="contained"
              onClick={() => setDialog({ kind: 'issue' })}
              disabled={!issuable || creating}
            >
              <BadgeIcon />
            </LabeledButton>
          )}
          {active && (
            <LabeledButton
              label="adam.credentials.revoke"
              color="error"
              onClick={() => setDialog({ kind: 'revoke', credential: active })}
              disabled={busy}
            >
              <BlockIcon />
            </LabeledButton>
          )}
          {/* History of any member (also one who left): not only active ones. */}
          <LabeledButton label="adam.paper.open" onClick={() => setDialog({ kind: 'paper' })}>
            <HistoryEduIcon />
          </LabeledButton>
        </Stack>
      }
    >
      {active ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
        >
          <Typography sx={{ fontWeight: 500 }}>
            {translate('adam.credentials.number', {
              number: formatCredentialNumber(active.number),
            })}
          </Typography>
          <CredentialStateChip state={active.state} />
          <PaperMark show={active.issuedOnPaper} />
          <Typography color="textSecondary">
            {translate(
              active.state === 'expired'
                ? 'adam.credentials.expired_on'
                : 'adam.credentials.valid_until',
              { date: formatDate(active.expiresOn) },
            )}
          </Typography>
          <Link
            href={credentialCheckPath(active.code)}
            target="_blank"
            rel="noopener"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {translate('adam.credentials.check_page')}
            <OpenInNewIcon fontSize="inherit" />
          </Link>
        </Stack>
      ) : (
        data.length === 0 && (
          <Typography color="textSecondary">{translate('adam.credentials.none')}</Typography>
        )
      )}

      {data.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {translate('adam.credentials.history')}
          </Typography>
          <MemberDocumentsTable
            label="adam.credentials.history"
            headings={[
              'adam.credentials.fields.number',
              'adam.credentials.fields.issuedOn',
              'adam.credentials.fields.expiresOn',
              'adam.credentials.fields.state',
            ]}
          >
            {data.map((credential) => (
              <TableRow key={credential.id}>
                <TableCell>
                  {formatCredentialNumber(credential.number)}
                  <PaperMark show={credential.issuedOnPaper} />
                </TableCell>
                <TableCell>{formatDate(credential.issuedOn)}</TableCell>
                <TableCell>{formatDate(credential.expiresOn)}</TableCell>
                <TableCell>
                  <CredentialStateChip state={credential.state} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {printable(credential) && (
                    <Tooltip title={translate('adam.credentials.print')}>
                      <IconButton
                        size="small"
                        aria-label={translate('adam.credentials.print')}
                        onClick={() => print(credential)}
                        disabled={downloading}
                      >
                        <PrintIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </MemberDocumentsTable>
        </>
      )}
      <Confirm
        isOpen={dialog?.kind === 'issue'}
        title="adam.credentials.issue_title"
        content="adam.credentials.issue_content"
        translateOptions={{ name: member.name }}
        confirm="adam.credentials.issue"
        onConfirm={issue}
        onClose={() => setDialog(null)}
      />
      <Confirm
        isOpen={dialog?.kind === 'renew'}
        title="adam.credentials.renew_title"
        content="adam.credentials.renew_content"
        translateOptions={{
          number: dialogCard ? formatCredentialNumber(dialogCard.number) : '',
        }}
        confirm="adam.credentials.renew"
        onConfirm={issue}
        onClose={() => setDialog(null)}
      />
      <Confirm
        isOpen={dialog?.kind === 'revoke'}
        title="adam.credentials.revoke_title"
        content="adam.credentials.revoke_content"
        translateOptions={{
          number: dialogCard ? formatCredentialNumber(dialogCard.number) : '',
        }}
        confirm="adam.credentials.revoke"
        confirmColor="warning"
        onConfirm={() => dialogCard && revoke(dialogCard)}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'paper' && (
        <PaperRecordDialog
          kind="credential"
          member={member}
          onClose={() => setDialog(null)}
          onRecorded={() => {
            setDialog(null);
            void refetch();
          }}
        />
      )}
    </MemberDocumentsCard>
  );
}
