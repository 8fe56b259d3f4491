// A líder's EBD classes on his home (issue 26): the classes he teaches, one line each, a tap from
// their chamada. Nothing when he teaches none (the server answers a teacher only his own).
import { useGetList, useTranslate } from 'react-admin';
import { paths } from '../../../routing/paths';
import { MyGroupsCard } from '../MyGroupsCard';
import type { EbdClass } from './types';

const R = 'resources.igreja/ebd';
const CLASSES = 'igreja/ebd';

export function MyClasses() {
  const translate = useTranslate();
  const { data: classes = [] } = useGetList<EbdClass>(CLASSES, {
    filter: { active: true },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  return (
    <MyGroupsCard
      title={translate(`${R}.mine_title`)}
      lines={classes.map((ebdClass) => ({
        id: ebdClass.id,
        to: paths.show(CLASSES, ebdClass.id),
        primary: ebdClass.name,
        secondary: [
          ebdClass.quarterLabel,
          translate(`${R}.enrolled`, { smart_count: ebdClass.enrolledCount }),
        ].join(' · '),
      }))}
    />
  );
}
