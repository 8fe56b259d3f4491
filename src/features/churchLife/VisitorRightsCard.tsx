// A visitor's rights under LGPD on the visitor page (issue 26), as a member's: "Exportar dados do
// visitante" (who reads visitors: PDF to read or JSON to carry) and "Anonimizar" (admins). A
// visitor who became a member is part of the member's record: the card says so and points there.
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Card, CardContent, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/formats';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import { AnonymizeDialog } from '../../ui/AnonymizeDialog';
import { LabeledButton } from '../../ui/LabeledButton';
import type { Visitor } from './types';

const M = 'adam.visitor_subject';
const FORMATS = ['pdf', 'json'] as const;

export function VisitorRightsCard({ visitor }: { visitor: Visitor }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: mayAnonymize } = useCanAccess({
    action: 'anonymize',
    resource: 'igreja/visitantes',
  });
  const { download, busy } = useDownload();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const member = visitor.memberId !== null;

  const exportAs = async (format: (typeof FORMATS)[number]) => {
    setMenu(null);
    await download(() => dataProvider.visitorDataExport(visitor.id, format));
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="visitor-rights">
      <CardContent>
        <Typography variant="h6" component="h2" id="visitor-rights" gutterBottom>
          {translate(`${M}.title`)}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: member ? 0 : 1.5 }}>
          {member
            ? translate(`${M}.member_note`)
            : visitor.anonymizedAt
              ? translate(`${M}.anonymized_on`, {
                  datetime: formatDateTime(visitor.anonymizedAt),
                })
              : translate(`${M}.intro`)}
        </Typography>
        {!member && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <LabeledButton
              label={`${M}.export`}
              id="visitor-export-button"
              aria-haspopup="menu"
              aria-controls={menu ? 'visitor-export-menu' : undefined}
              aria-expanded={menu ? 'true' : undefined}
              onClick={(event) => setMenu(event.currentTarget)}
              disabled={busy}
            >
              <DownloadIcon />
            </LabeledButton>
            {mayAnonymize && !visitor.anonymizedAt && (
              <LabeledButton
                label={`${M}.anonymize`}
                color="error"
                onClick={() => setConfirming(true)}
              >
                <DeleteForeverIcon />
              </LabeledButton>
            )}
            <Menu
              id="visitor-export-menu"
              anchorEl={menu}
              open={Boolean(menu)}
              onClose={() => setMenu(null)}
              slotProps={{ list: { 'aria-labelledby': 'visitor-export-button' } }}
            >
              {FORMATS.map((format) => (
                <MenuItem key={format} onClick={() => exportAs(format)}>
                  {translate(`${M}.export_${format}`)}
                </MenuItem>
              ))}
            </Menu>
          </Stack>
        )}
        {mayAnonymize && !member && (
          <AnonymizeDialog
            name={visitor.name}
            messages={M}
            anonymize={(typed) => dataProvider.anonymizeVisitor(visitor.id, typed)}
            open={confirming}
            onClose={() => setConfirming(false)}
          />
        )}
      </CardContent>
    </Card>
  );
}
