import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useTranslate } from 'react-admin';
import { reportByKey } from '../../../domain/reports';
import { formatInteger } from '../../ui/listTotal';
import { FigureCard } from './FigureCard';

/** Cards that expire within 30 days: opens the "Cartões a expirar" report. */
export function ExpiringCredentialsCard({ count }: { count: number }) {
  const translate = useTranslate();
  return (
    <FigureCard
      icon={<EventBusyIcon />}
      title={translate('adam.dashboard.expiring_credentials')}
      value={formatInteger(count)}
      detail={count > 0 ? translate('adam.dashboard.expiring_credentials_detail') : undefined}
      to={reportByKey('expiring_credentials').path}
    />
  );
}
