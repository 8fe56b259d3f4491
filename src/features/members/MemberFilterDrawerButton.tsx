import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { ClearFiltersButton } from './ClearFiltersButton';
import { MemberFilterForm } from './MemberFilterForm';
import { formatTotal } from '../../ui/listTotal';

/** On narrow screens the filter panel opens from a "Filtros" button, over the list. */
export function MemberFilterDrawerButton() {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  const [open, setOpen] = useState(false);
  const active = Object.keys(filterValues).length;
  return (
    <>
      {/* Always with its text: on phones react-admin's buttons shrink to bare icons. */}
      <Button
        size="small"
        onClick={() => setOpen(true)}
        // MUI hides the badge from screen readers: the name says how many filters are on.
        aria-label={
          active > 0
            ? translate('resources.membros.filters.title_active', { smart_count: active })
            : undefined
        }
        startIcon={
          <Badge badgeContent={active} color="secondary">
            <FilterListIcon />
          </Badge>
        }
      >
        {translate('resources.membros.filters.title')}
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: 'min(340px, 90vw)' } } }}
      >
        <Box sx={{ p: 2 }} role="dialog" aria-label={translate('resources.membros.filters.title')}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
          >
            <Typography variant="h6" component="h2">
              {translate('resources.membros.filters.title')}
            </Typography>
            <ClearFiltersButton />
          </Stack>
          <MemberFilterForm />
          <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => setOpen(false)}>
            {translate('resources.membros.filters.show_results', {
              count: formatTotal(total, (limit) => translate('adam.list.more_than', { limit })),
            })}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
