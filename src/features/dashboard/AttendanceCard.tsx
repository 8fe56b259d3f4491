import GroupsIcon from '@mui/icons-material/Groups';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../domain/formats';
import { formatInteger } from '../../ui/listTotal';
import { paths } from '../../routing/paths';
import { FigureCard } from './FigureCard';
import type { AttendanceFigures } from './figures';

/** How many came to the cultos of the last 4 weeks, the latest one, the month's new visitors. */
export function AttendanceCard({ figures }: { figures: AttendanceFigures }) {
  const translate = useTranslate();
  const { latest } = figures;
  const lines = [
    latest
      ? translate('adam.dashboard.attendance_latest', {
          name: latest.name,
          date: formatDate(latest.date),
          total: formatInteger(latest.total),
        })
      : translate('adam.dashboard.attendance_none'),
    translate('adam.dashboard.attendance_visitors', { smart_count: figures.visitorsThisMonth }),
  ];
  return (
    <FigureCard
      icon={<GroupsIcon />}
      title={translate('adam.dashboard.attendance')}
      value={formatInteger(figures.average)}
      detail={lines.join(' · ')}
      to={paths.list('igreja/cultos')}
    />
  );
}
