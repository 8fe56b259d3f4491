import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslate } from 'react-admin';
import { formatInteger } from '../../ui/listTotal';
import { FigureCard } from './FigureCard';

export function NewMembersCard({ count }: { count: number }) {
  const translate = useTranslate();
  return (
    <FigureCard
      icon={<PersonAddIcon />}
      title={translate('adam.dashboard.new_this_month')}
      value={formatInteger(count)}
    />
  );
}
