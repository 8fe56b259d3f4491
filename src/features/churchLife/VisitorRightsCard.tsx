// A visitor's rights under LGPD on the visitor page (issue 26), as a member's: "Exportar dados do
// visitante" (who reads visitors: PDF to read or JSON to carry) and "Anonimizar" (admins). A
// visitor who became a member is part of the member's record: the card says so and points there.
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/formats';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import { AnonymizeDialog } from '../../ui/AnonymizeDialog';
import { ExportMenuButton } from '../../ui/ExportMenuButton';
import { LabeledButton } from '../../ui/LabeledButton';
import type { Visitor } from './types';

const M = 'adam.visitor_subject';

export function VisitorRightsCard({ visitor }: { visitor: Visitor }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: mayAnonymize } = useCanAccess({
    action: 'anonymize',
    resource: 'igreja/visitantes',
  });
  const { download, busy } = useDownload();
  const [confirming, setConfirming] = useState(false);
  const member = visitor.memberId !== null;

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
            <ExportMenuButton
              id="visitor-export-button"
              messages={M}
              disabled={busy}
              onExport={(format) =>
                void download(() => dataProvider.visitorDataExport(visitor.id, format))
              }
            />
            {mayAnonymize && !visitor.anonymizedAt && (
              <LabeledButton
                label={`${M}.anonymize`}
                color="error"
                onClick={() => setConfirming(true)}
              >
                <DeleteForeverIcon />
              </LabeledButton>
            )}
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
