import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ClearFiltersButton } from './ClearFiltersButton';
import { MemberFilterForm } from './MemberFilterForm';

/** The filter panel beside the list on wide screens. */
export function MemberFilterAside() {
  const translate = useTranslate();
  return (
    <Card
      component="aside"
      aria-label={translate('resources.membros.filters.title')}
      sx={{ order: -1, mr: 2, mt: 8, width: 232, flexShrink: 0, alignSelf: 'flex-start' }}
    >
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2">
            {translate('resources.membros.filters.title')}
          </Typography>
          <ClearFiltersButton />
        </Stack>
        <MemberFilterForm />
      </CardContent>
    </Card>
  );
}
