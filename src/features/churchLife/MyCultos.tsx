// A líder's cultos on his home (issue 26): the recurring cultos whose check-in he hosts, one line
// each, a tap from the cultos' screen where today's opens. Nothing when he hosts none (the server
// answers a líder only his own).
import { useGetList, useTranslate } from 'react-admin';
import { paths } from '../../routing/paths';
import { MyGroupsCard } from './MyGroupsCard';
import type { WorshipService } from './types';

const T = 'adam.church_life';

export function MyCultos() {
  const translate = useTranslate();
  const { data: services = [] } = useGetList<WorshipService>('igreja/horarios', {
    filter: { active: true },
    sort: { field: 'weekday', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  return (
    <MyGroupsCard
      title={translate(`${T}.mine_title`)}
      lines={services.map((service) => ({
        id: service.id,
        to: paths.list('igreja/cultos'),
        primary: service.name,
        secondary: translate(`${T}.mine_day`, {
          weekday: service.weekdayName,
          time: service.time,
          congregation: service.congregationName,
        }),
      }))}
    />
  );
}
