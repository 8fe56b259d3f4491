import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fieldLabel } from '../../../../domain/auditFieldLabels';
import { selfUpdateValueText } from '../../../../domain/selfUpdate';
import { toSnakeKey } from '../../../providers/case';

const TEXTS = 'resources.membros/atualizacoes';

/** The changes a member sent: each field, its value then and the value proposed. */
export function SelfUpdateDiff({
  changes,
  sex,
}: {
  changes: Record<string, [unknown, unknown]>;
  sex?: string | null;
}) {
  const translate = useTranslate();
  const entries = Object.entries(changes);
  if (entries.length === 0) {
    return <Typography color="textSecondary">{translate(`${TEXTS}.no_changes`)}</Typography>;
  }
  return (
    <Table size="small" aria-label={translate(`${TEXTS}.fields_changed`)}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(`${TEXTS}.field`)}</TableCell>
          <TableCell>{translate(`${TEXTS}.before`)}</TableCell>
          <TableCell>{translate(`${TEXTS}.after`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map(([key, [before, after]]) => {
          // The provider camelCases the keys; the labels and formats know the API's names.
          const field = toSnakeKey(key);
          // A phone or a CEP reads as one piece; the table scrolls sideways on a phone.
          const wrap = /^(phone_|zip_code$)/.test(field) ? 'nowrap' : 'normal';
          return (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {fieldLabel(field) ?? field}
              </TableCell>
              <TableCell
                sx={{ color: 'text.secondary', textDecoration: 'line-through', whiteSpace: wrap }}
              >
                {selfUpdateValueText(field, before, sex)}
              </TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                {selfUpdateValueText(field, after, sex)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
