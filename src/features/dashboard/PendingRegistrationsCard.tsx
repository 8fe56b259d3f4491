import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useTranslate } from 'react-admin';
import { paths } from '../../routing/paths';
import { formatInteger } from '../../ui/listTotal';
import { FigureCard } from './FigureCard';

/** Self-registrations waiting for review: opens the members list filtered by "Pendente". */
export function PendingRegistrationsCard({ count }: { count: number }) {
  const translate = useTranslate();
  return (
    <FigureCard
      icon={<HowToRegIcon />}
      title={translate('adam.dashboard.pending_registrations')}
      value={formatInteger(count)}
      detail={count > 0 ? translate('adam.dashboard.pending_review') : undefined}
      to={paths.filteredList('membros', { status: 'pending' })}
    />
  );
}
