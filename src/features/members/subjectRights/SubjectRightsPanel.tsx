// The data subject's rights on the member page (LGPD art. 18, issue 13): "Exportar dados do
// titular" (secretary access: the member's whole record, as a PDF to read or JSON to carry to
// another system) and "Anonimizar" (admins: the identity erased for good, after typing the name).
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import GavelIcon from '@mui/icons-material/Gavel';
import { Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { useReadsWhole } from '../../../routing/useReadsWhole';
import { AnonymizeDialog } from '../../../ui/AnonymizeDialog';
import { LabeledButton } from '../../../ui/LabeledButton';
import { MemberDocumentsCard } from '../MemberDocumentsPanel';
import type { Member } from '../types';

const FORMATS = ['pdf', 'json'] as const;

export function SubjectRightsPanel() {
  const member = useRecordContext<Member>();
  const translate = useTranslate();
  const whole = useReadsWhole('membros');
  const { canAccess: mayAnonymize } = useCanAccess({ action: 'anonymize', resource: 'membros' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!member || !whole) return null;

  const exportAs = async (format: (typeof FORMATS)[number]) => {
    setMenu(null);
    await download(() => dataProvider.subjectDataExport(member.id, format));
  };

  return (
    <MemberDocumentsCard
      titleId="member-subject-title"
      icon={<GavelIcon color="primary" />}
      title="adam.subject.title"
      actions={
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <LabeledButton
            label="adam.subject.export"
            id="subject-export-button"
            aria-haspopup="menu"
            aria-controls={menu ? 'subject-export-menu' : undefined}
            aria-expanded={menu ? 'true' : undefined}
            onClick={(event) => setMenu(event.currentTarget)}
            disabled={busy}
          >
            <DownloadIcon />
          </LabeledButton>
          {mayAnonymize && !member.anonymizedAt && (
            <LabeledButton
              label="adam.subject.anonymize"
              color="error"
              onClick={() => setConfirming(true)}
            >
              <DeleteForeverIcon />
            </LabeledButton>
          )}
          <Menu
            id="subject-export-menu"
            anchorEl={menu}
            open={Boolean(menu)}
            onClose={() => setMenu(null)}
            slotProps={{ list: { 'aria-labelledby': 'subject-export-button' } }}
          >
            {FORMATS.map((format) => (
              <MenuItem key={format} onClick={() => exportAs(format)}>
                {translate(`adam.subject.export_${format}`)}
              </MenuItem>
            ))}
          </Menu>
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
