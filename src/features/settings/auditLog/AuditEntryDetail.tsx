// One audit entry in full: every change as "Campo: antes → depois", what an export or a sign-in
// was about, and where it came from (address and browser).
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeChanges, describeDetails } from '../../../../domain/auditWords';
import type { AuditEntry } from '../../../providers/auditEntry';

export function AuditEntryDetail({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const lines = [...describeChanges(entry), ...describeDetails(entry.details, entry.resource)];
  return (
    <Box sx={{ py: 1 }}>
      {lines.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {translate('adam.audit.no_changes')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {lines.map((line) => (
            <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {translate('adam.audit.origin', {
          ip: entry.ip ?? '—',
          agent: entry.userAgent ?? '—',
        })}
      </Typography>
    </Box>
  );
}
