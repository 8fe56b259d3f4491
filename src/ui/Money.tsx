import { Box } from '@mui/material';
import { formatMoney } from '../../domain/formats';

/**
 * An amount as the treasurer reads it (R$ 1.234,56), never broken across lines; `signed`
 * colors money in green and money out in red.
 */
export function Money({
  cents,
  signed = false,
  strong = false,
}: {
  cents: number | null | undefined;
  signed?: boolean;
  strong?: boolean;
}) {
  const color = !signed || !cents ? undefined : cents > 0 ? 'success.main' : 'error.main';
  return (
    <Box
      component="span"
      sx={{
        whiteSpace: 'nowrap',
        color,
        fontWeight: strong ? 600 : undefined,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {formatMoney(cents ?? 0)}
    </Box>
  );
}
