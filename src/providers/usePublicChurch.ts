import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/** The church's name and logo, shown in the app bar and on the login page. */
export function usePublicChurch() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['church', 'public'],
    queryFn: () => dataProvider.getPublicChurch(),
    staleTime: 5 * 60 * 1000,
  });
}
