// The visitor page's consolidação: their steps in the pipeline's order (history included: done,
// skipped, canceled when the consent was withdrawn), and "Iniciar consolidação" for a consenting
// visitor with no open step (one who consented before the pipeline existed, or after new stages).
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { LabeledButton } from '../../../ui/LabeledButton';
import { FollowupStepCard } from './FollowupStepCard';
import type { FollowupStep } from './types';

const R = 'resources.igreja/consolidacao';

export function VisitorFollowups({
  visitorId,
  consent,
  steps,
}: {
  visitorId: number;
  consent: boolean;
  steps: FollowupStep[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const anyOpen = steps.some((step) => step.status === 'open');
  const start = async () => {
    if (await run(() => dataProvider.startFollowups(visitorId))) {
      notify(`${R}.started`, { type: 'info' });
      refresh();
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${R}.name`, { smart_count: 1 })}
        </Typography>
        {!consent && (
          <Typography color="textSecondary" gutterBottom>
            {translate(`${R}.visitor_needs_consent`)}
          </Typography>
        )}
        {consent && steps.length === 0 && (
          <Typography color="textSecondary" gutterBottom>
            {translate(`${R}.visitor_none`)}
          </Typography>
        )}
        {consent && !anyOpen && (
          <LabeledButton
            label={`${R}.start`}
            variant="outlined"
            disabled={busy}
            onClick={() => void start()}
            sx={{ mb: 1 }}
          >
            <PlayArrowIcon />
          </LabeledButton>
        )}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {steps.map((step) => (
            <FollowupStepCard key={step.id} step={step} showVisitor={false} onChanged={refresh} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
