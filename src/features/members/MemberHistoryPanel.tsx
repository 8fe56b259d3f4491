// The member's Histórico (issue 13, secretary access): every change to the member's record, the
// cards and letters issued, and who opened it on which day (one line per person and day, with how
// many times) — newest first, in words.
import HistoryIcon from '@mui/icons-material/History';
import { Box, List, ListItem, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, groupViews } from '../../../domain/audit';
import { formatDateTime } from '../../../domain/formats';
import { useCanWrite } from '../../routing/useCanWrite';
import { labelOf } from '../../ui/choices';
import { describeChanges, describeDetails } from '../../../domain/auditWords';
import type { AuditEntry } from '../../providers/auditEntry';
import { MemberDocumentsCard } from './MemberDocumentsPanel';

/** The most recent entries read (views grouped), and the items shown; the whole trail is on
 * /configuracoes/auditoria. */
const READ = 200;
const SHOWN = 50;

export function MemberHistoryPanel() {
  const member = useRecordContext<{ id: number; updatedAt?: string }>();
  const translate = useTranslate();
  const allowed = useCanWrite('membros');
  const { data = [], total = 0 } = useGetList<AuditEntry>(
    'configuracoes/auditoria',
    {
      filter: { resource: 'members', recordId: member?.id },
      sort: { field: 'createdAt', order: 'DESC' },
      pagination: { page: 1, perPage: READ },
      // A saved change shows at once: the member's record changed.
      meta: { updatedAt: member?.updatedAt },
    },
    { enabled: Boolean(member) && allowed },
  );
  if (!member || !allowed) return null;
  const items = groupViews(data, (at) => formatDateTime(at).slice(0, 10));
  return (
    <MemberDocumentsCard
      titleId="member-history-title"
      icon={<HistoryIcon color="primary" />}
      title="adam.audit.history"
      actions={null}
    >
      {data.length === 0 ? (
        <Typography color="textSecondary">{translate('adam.audit.history_none')}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby="member-history-title">
          {items.slice(0, SHOWN).map(({ entry, views }) => {
            const lines = [
              ...describeChanges(entry),
              ...describeDetails(entry.details, entry.resource),
            ];
            return (
              <ListItem key={entry.id} disableGutters divider sx={{ display: 'block' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {labelOf(AUDIT_ACTION_LABELS, entry.action)}
                  {views > 1 ? ` · ${translate('adam.audit.views', { smart_count: views })}` : ''}
                  {entry.resource !== 'members'
                    ? ` · ${labelOf(AUDIT_RESOURCE_LABELS, entry.resource)}`
                    : ''}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {formatDateTime(entry.createdAt)} ·{' '}
                  {entry.userName ?? translate('adam.audit.unknown_user')}
                </Typography>
                {lines.length > 0 && (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {lines.map((line) => (
                      <Typography
                        component="li"
                        variant="body2"
                        key={line}
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {line}
                      </Typography>
                    ))}
                  </Box>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {(total > READ || items.length > SHOWN) && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {translate('adam.audit.history_more', { count: SHOWN })}
        </Typography>
      )}
    </MemberDocumentsCard>
  );
}
