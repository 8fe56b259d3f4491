// The member's timeline (issue 28): the milestones newest first, each with its date, place and
// officiant and the certificates issued from it; the secretary records a milestone, issues a
// certificate and prints it again with the same number.
import TimelineIcon from '@mui/icons-material/Timeline';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import AddIcon from '@mui/icons-material/Add';
import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_MILESTONE,
  type CertificateKind,
  MILESTONE_KIND_LABELS,
} from '../../../../domain/milestones';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import type { TimelineMilestone } from '../../../providers/milestoneCalls';
import { LabeledButton } from '../../../ui/LabeledButton';
import { useCanWrite } from '../../../routing/useCanWrite';
import { MemberDocumentsCard } from '../MemberDocumentsPanel';
import type { Member } from '../types';
import { AddMilestoneDialog } from './AddMilestoneDialog';

const RESOURCE = 'membros/marcos';
const t = (key: string) => `resources.${RESOURCE}.${key}`;

/** The certificate a milestone of this kind attests, if any. */
const certificateOf = (milestone: TimelineMilestone): CertificateKind | undefined =>
  CERTIFICATE_KINDS.find((kind) => CERTIFICATE_MILESTONE[kind] === milestone.kind);

export function MemberMilestonesPanel() {
  const member = useRecordContext<Member>();
  const allowed = useCanWrite(RESOURCE);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { download, busy } = useDownload();
  const [adding, setAdding] = useState(false);
  const [create] = useCreate();
  const queryKey = ['membros', 'milestones', member?.id, member?.updatedAt];
  const { data = [] } = useQuery({
    queryKey,
    queryFn: () => dataProvider.memberMilestones(member!.id),
    enabled: Boolean(member) && allowed,
  });
  if (!member || !allowed) return null;
  const reload = () => queryClient.invalidateQueries({ queryKey: ['membros', 'milestones'] });
  const print = (id: number, numberText: string) =>
    download(
      () => dataProvider.certificatePdf(id),
      `certificado-${numberText.replace('/', '-')}.pdf`,
    );
  const issue = async (milestone: TimelineMilestone, kind: CertificateKind) => {
    try {
      const certificate = (await create(
        'membros/certificados',
        { data: { memberId: member.id, kind, milestoneId: milestone.id } },
        { returnPromise: true },
      )) as { id: number; numberText: string };
      notify(t('issued'), { type: 'success', messageArgs: { number: certificate.numberText } });
      await reload();
      await print(certificate.id, certificate.numberText);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  };
  const locked = Boolean(member.anonymizedAt);
  return (
    <MemberDocumentsCard
      titleId="member-milestones-title"
      icon={<TimelineIcon color="primary" />}
      title={t('title')}
      note={locked ? 'adam.subject.locked' : undefined}
      actions={
        <LabeledButton
          label={t('add')}
          variant="contained"
          onClick={() => setAdding(true)}
          disabled={locked}
        >
          <AddIcon />
        </LabeledButton>
      }
    >
      {data.length === 0 ? (
        <Typography color="textSecondary">{translate(t('none'))}</Typography>
      ) : (
        <List dense aria-labelledby="member-milestones-title">
          {data.map((milestone) => {
            const kind = certificateOf(milestone);
            const officiant = milestone.officiantName ?? milestone.officiantMemberName;
            const details = [
              milestone.place,
              officiant && `${translate(t('fields.officiantName'))}: ${officiant}`,
              milestone.spouseName,
              milestone.originChurch,
              milestone.notes,
            ].filter(Boolean);
            return (
              <ListItem key={milestone.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={`${milestone.date ? formatDate(milestone.date) : translate(t('undated'))} – ${MILESTONE_KIND_LABELS[milestone.kind]}`}
                  secondary={details.join(' · ') || undefined}
                  sx={{ minWidth: 200 }}
                />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  {milestone.certificates.map((certificate) => (
                    <Chip
                      key={certificate.id}
                      icon={<PictureAsPdfIcon />}
                      label={`${translate(t('print'))} nº ${certificate.numberText}`}
                      onClick={() => void print(certificate.id, certificate.numberText)}
                      disabled={busy}
                      variant="outlined"
                    />
                  ))}
                  {kind && milestone.date && milestone.certificates.length === 0 && !locked && (
                    <LabeledButton label={t('issue')} onClick={() => void issue(milestone, kind)}>
                      <WorkspacePremiumIcon />
                    </LabeledButton>
                  )}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {adding && (
        <AddMilestoneDialog
          memberId={member.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify(t('added'), { type: 'success' });
            void reload();
            void queryClient.invalidateQueries({ queryKey: ['membros', 'getOne'] });
          }}
        />
      )}
    </MemberDocumentsCard>
  );
}
