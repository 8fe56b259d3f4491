// The member's moves between congregations of the church (issue 12): an internal move is not a
// transfer letter, but its history stays on the member's page.
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../../domain/formats';
import type { AppDataProvider } from '../../providers/dataProvider';
import { MemberDocumentsCard, MemberDocumentsTable } from './MemberDocumentsPanel';
import type { Member } from './types';

export function MemberMovesPanel() {
  const member = useRecordContext<Member>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data = [] } = useQuery({
    // The member's record changes (updatedAt) when it moves: the history is read again.
    queryKey: ['membros', 'moves', member?.id, member?.updatedAt],
    queryFn: () => dataProvider.memberMoves(member!.id),
    enabled: Boolean(member),
  });
  if (!member) return null;
  return (
    <MemberDocumentsCard
      titleId="member-moves-title"
      icon={<SwapHorizIcon color="primary" />}
      title="resources.membros.moves.title"
      actions={null}
    >
      {data.length === 0 ? (
        <Typography color="textSecondary">{translate('resources.membros.moves.none')}</Typography>
      ) : (
        <MemberDocumentsTable
          label="resources.membros.moves.title"
          headings={[
            'resources.membros.moves.date',
            'resources.membros.moves.from',
            'resources.membros.moves.to',
            'resources.membros.moves.user',
          ]}
        >
          {data.map((move) => (
            <TableRow key={move.id}>
              <TableCell>{formatDate(move.movedOn)}</TableCell>
              <TableCell>{move.fromCongregationName}</TableCell>
              <TableCell>{move.toCongregationName}</TableCell>
              <TableCell>{move.userName ?? '—'}</TableCell>
              <TableCell />
            </TableRow>
          ))}
        </MemberDocumentsTable>
      )}
    </MemberDocumentsCard>
  );
}
