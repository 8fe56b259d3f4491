// /igreja/consolidacao: the consolidação on a phone — "Minhas tarefas" (the signed-in user's open
// steps by due date, the menu's item), "Atrasadas" (every open step past due in the view: the
// secretary's list) and "Todas abertas"; each step with its WhatsApp link and its actions.
import ListIcon from '@mui/icons-material/FormatListNumbered';
import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Loading, Title, useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../routing/paths';
import { LabeledButton } from '../../../ui/LabeledButton';
import { FollowupStepCard } from './FollowupStepCard';
import type { FollowupStep } from './types';

const R = 'resources.igreja/consolidacao';
const VIEWS = {
  mine: { mine: true, status: 'open' },
  overdue: { overdue: true },
  open: { status: 'open' },
} as const;
type View = keyof typeof VIEWS;
const isView = (value: string | null): value is View => value !== null && value in VIEWS;

export default function FollowupList() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('ver');
  const view: View = isView(requested) ? requested : 'mine';
  const { data, isPending, refetch } = useGetList<FollowupStep>('igreja/consolidacao', {
    filter: VIEWS[view],
    sort: { field: 'dueOn', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const title = translate(`${R}.name`, { smart_count: 1 });
  return (
    <Box sx={{ maxWidth: 720, mt: 1 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <LabeledButton label={`${R}.stages`} to={paths.list('igreja/etapas')}>
          <ListIcon />
        </LabeledButton>
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        onChange={(_, next: View | null) => next && setParams({ ver: next }, { replace: true })}
        aria-label={title}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {(Object.keys(VIEWS) as View[]).map((key) => (
          <ToggleButton key={key} value={key} sx={{ textTransform: 'none' }}>
            {translate(`${R}.tab_${key}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {isPending ? (
        <Loading />
      ) : (data ?? []).length === 0 ? (
        <Alert severity="info">{translate(`${R}.empty_${view}`)}</Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {(data ?? []).map((step) => (
            <FollowupStepCard key={step.id} step={step} onChanged={() => void refetch()} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
