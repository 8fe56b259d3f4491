// One step of a visitor's consolidação, phone-first: who and what, the due date (overdue in red),
// and the actions of an open step — WhatsApp (only while the visitor's consent stands: the server
// sends no link otherwise), "Feita", "Pular", "Responsável e prazo". A closed step says by whom.
import CheckIcon from '@mui/icons-material/Check';
import EventIcon from '@mui/icons-material/EditCalendar';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link as MuiLink,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { todayIso } from '../../../../domain/dates';
import { FOLLOWUP_STATUS_LABELS } from '../../../../domain/followups';
import { formatDate, formatDateTime } from '../../../../domain/formats';
import { expiryText } from '../../../../domain/reports';
import { paths } from '../../../routing/paths';
import { LabeledButton } from '../../../ui/LabeledButton';
import { CloseStepDialog, ReassignStepDialog } from './StepDialogs';
import type { FollowupStep } from './types';

const R = 'resources.igreja/consolidacao';
type Open = 'done' | 'skipped' | 'reassign' | null;

export function FollowupStepCard({
  step,
  showVisitor = true,
  onChanged,
}: {
  step: FollowupStep;
  /** On the visitor's own page the visitor's name is the page's title. */
  showVisitor?: boolean;
  onChanged(): void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState<Open>(null);
  const isOpen = step.status === 'open';
  const heading = showVisitor ? (
    <MuiLink component={Link} to={paths.show('igreja/visitantes', step.visitorId)}>
      {step.visitorName}
    </MuiLink>
  ) : (
    step.name
  );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
        {showVisitor && <Typography>{step.name}</Typography>}
        {isOpen ? (
          <Typography
            variant="body2"
            color={step.overdue ? 'error' : 'textSecondary'}
            sx={{ fontWeight: step.overdue ? 600 : undefined }}
          >
            {`${formatDate(step.dueOn)} · ${expiryText(step.dueOn, todayIso())}`}
          </Typography>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {translate(`${R}.closed_by`, {
              status: FOLLOWUP_STATUS_LABELS[step.status],
              datetime: step.closedAt ? formatDateTime(step.closedAt) : '—',
              user: step.closedByName ?? '—',
            })}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          {`${translate(`${R}.owner`)}: ${step.ownerName ?? translate(`${R}.owner_none`)}`}
          {showVisitor ? ` · ${step.congregationName}` : ''}
        </Typography>
        {step.note && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
            {step.note}
          </Typography>
        )}
        {isOpen && !step.whatsappUrl && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {translate(`${R}.visitor_needs_consent`)}
          </Typography>
        )}
      </CardContent>
      {isOpen && (
        <CardActions
          sx={{
            flexWrap: 'wrap',
            gap: 1,
            px: 2,
            pb: 1.5,
            '& > :not(style) ~ :not(style)': { ml: 0 },
          }}
        >
          {step.whatsappUrl && (
            <Button
              size="small"
              variant="contained"
              color="success"
              startIcon={<WhatsAppIcon />}
              href={step.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${translate(`${R}.whatsapp`)}: ${step.visitorName}`}
            >
              {translate(`${R}.whatsapp`)}
            </Button>
          )}
          <LabeledButton label={`${R}.done`} variant="outlined" onClick={() => setOpen('done')}>
            <CheckIcon />
          </LabeledButton>
          <LabeledButton label={`${R}.skip`} onClick={() => setOpen('skipped')}>
            <SkipNextIcon />
          </LabeledButton>
          <LabeledButton label={`${R}.reassign`} onClick={() => setOpen('reassign')}>
            <EventIcon />
          </LabeledButton>
        </CardActions>
      )}
      <Box>
        {(open === 'done' || open === 'skipped') && (
          <CloseStepDialog
            step={step}
            status={open}
            onClose={() => setOpen(null)}
            onSaved={onChanged}
          />
        )}
        {open === 'reassign' && (
          <ReassignStepDialog step={step} onClose={() => setOpen(null)} onSaved={onChanged} />
        )}
      </Box>
    </Card>
  );
}
