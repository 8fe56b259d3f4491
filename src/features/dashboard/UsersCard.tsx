import PeopleIcon from '@mui/icons-material/ManageAccounts';
import { useTranslate } from 'react-admin';
import { paths } from '../../routing/paths';
import { FigureCard } from './FigureCard';

export function UsersCard({ figures }: { figures: { active: number; inactive: number } }) {
  const translate = useTranslate();
  return (
    <FigureCard
      icon={<PeopleIcon />}
      title={translate('adam.dashboard.active_users')}
      value={figures.active}
      detail={
        figures.inactive > 0
          ? translate('adam.dashboard.inactive_users', { smart_count: figures.inactive })
          : undefined
      }
      to={paths.list('configuracoes/usuarios')}
    />
  );
}
