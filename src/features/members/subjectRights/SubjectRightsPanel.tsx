// The data subject's rights on the member page (LGPD art. 18, issue 13): "Exportar dados do
// titular" (secretary access: the member's whole record, as a PDF to read or JSON to carry to
// another system) and "Anonimizar" (admins: the identity erased for good, after typing the name).
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import GavelIcon from '@mui/icons-material/Gavel';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { useReadsWhole } from '../../../routing/useReadsWhole';
import { AnonymizeDialog } from '../../../ui/AnonymizeDialog';
import { ExportMenuButton } from '../../../ui/ExportMenuButton';
import { LabeledButton } from '../../../ui/LabeledButton';
import { MemberDocumentsCard } from '../MemberDocumentsPanel';
import type { Member } from '../types';

export function SubjectRightsPanel() {
  const member = useRecordContext<Member>();
  const translate = useTranslate();
  const whole = useReadsWhole('membros');
  const { canAccess: mayAnonymize } = useCanAccess({ action: 'anonymize', resource: 'membros' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const [confirming, setConfirming] = useState(false);
  if (!member || !whole) return null;

  return (
    <MemberDocumentsCard
      titleId="member-subject-title"
      icon={<GavelIcon color="primary" />}
      title="adam.subject.title"
      actions={
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ExportMenuButton
            id="subject-export-button"
            messages="adam.subject"
            disabled={busy}
            onExport={(format) =>
              void download(() => dataProvider.subjectDataExport(member.id, format))
            }
          />
          {mayAnonymize && !member.anonymizedAt && (
            <LabeledButton
              label="adam.subject.anonymize"
              color="error"
              onClick={() => setConfirming(true)}
            >
              <DeleteForeverIcon />
            </LabeledButton>
          )}
        </Stack>
      }
    >
      <Typography color="textSecondary">
        {member.anonymizedAt
          ? translate('adam.subject.anonymized_on', {
              datetime: formatDateTime(member.anonymizedAt),
            })
          : translate('adam.subject.intro')}
      </Typography>
      {mayAnonymize && (
        <AnonymizeDialog
          name={member.name}
          messages="adam.subject"
          anonymize={(typed) => dataProvider.anonymizeMember(member.id, typed)}
          open={confirming}
          onClose={() => setConfirming(false)}
        />
      )}
    </MemberDocumentsCard>
  );
}
