import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { Chip } from '@mui/material';
import { PAPER_LABEL } from '../../domain/paperHistory';

/** "Emitida antes do Adam": beside the number of a card or letter recorded from paper. */
export function PaperMark({ show = true }: { show?: boolean | null }) {
  if (!show) return null;
  return (
    <Chip
      icon={<HistoryEduIcon />}
      label={PAPER_LABEL}
      size="small"
      variant="outlined"
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
