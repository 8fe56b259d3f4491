// /igreja/visitantes/:id: the visitor, their consent (with the text's version) and its history,
// their visits, the actions (edit, consent, "Tornar membro") and the member they became.
import {
  Alert,
  Box,
  Card,
  CardContent,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { GATHERING_KIND_LABELS } from '../../../domain/churchLife';
import { formatDate, formatDateTime, formatPhone } from '../../../domain/formats';
import { paths } from '../../routing/paths';
import type { Visitor } from './types';
import { VisitorActions } from './VisitorActions';
import { VisitorRightsCard } from './VisitorRightsCard';
import { VisitorFollowups } from './followups/VisitorFollowups';

const R = 'resources.igreja/visitantes';

export default function VisitorShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: visitor } = useGetOne<Visitor>('igreja/visitantes', { id: Number(id) });
  if (!visitor) return <Loading />;
  const row = (field: string, value: string) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" color="textSecondary" sx={{ minWidth: 140 }}>
        {translate(`${R}.fields.${field}`)}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  return (
    <Box sx={{ maxWidth: 800, mt: 1 }}>
      <Title title={visitor.name} />
      <Typography variant="h5" component="h1" gutterBottom>
        {visitor.name}
      </Typography>
      {!visitor.anonymizedAt && <VisitorActions visitor={visitor} />}
      {visitor.memberId !== null && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {visitor.memberStatus === 'pending' ? (
            <>
              {translate(`${R}.member_pending`, { name: visitor.memberName ?? visitor.name })}{' '}
              <MuiLink component={Link} to={paths.list('membros/pendentes')}>
                {translate(`${R}.member_pending_link`)}
              </MuiLink>
            </>
          ) : (
            <>
              {translate(`${R}.member_linked`)}{' '}
              <MuiLink component={Link} to={paths.show('membros', visitor.memberId)}>
                {visitor.memberName ?? visitor.name}
              </MuiLink>
            </>
          )}
        </Alert>
      )}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box component="dl" sx={{ m: 0 }}>
            {row('phone', visitor.phone ? formatPhone(visitor.phone) : '—')}
            {row('congregationName', visitor.congregationName)}
            {row('invitedByName', visitor.invitedByName ?? '—')}
            {row('firstVisit', yesNo(visitor.firstVisit))}
            {row('createdAt', formatDateTime(visitor.createdAt))}
            {visitor.notes && row('notes', visitor.notes)}
          </Box>
          <Typography sx={{ mt: 1 }}>
            {visitor.contactConsent && visitor.consentAt
              ? translate(`${R}.consent_yes`, {
                  datetime: formatDateTime(visitor.consentAt),
                  version: visitor.consentVersion ?? '—',
                })
              : translate(`${R}.consent_no`)}
          </Typography>
        </CardContent>
      </Card>
      <VisitorFollowups
        visitorId={visitor.id as number}
        consent={visitor.contactConsent}
        steps={visitor.followups ?? []}
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`${R}.consents_title`)}
          </Typography>
          {(visitor.consents ?? []).length === 0 && (
            <Typography color="textSecondary">{translate(`${R}.consents_none`)}</Typography>
          )}
          <List dense>
            {(visitor.consents ?? []).map((record) => (
              <ListItem key={record.id} divider>
                <ListItemText
                  primary={translate(`${R}.consent_${record.action}`)}
                  secondary={translate(`${R}.consent_record`, {
                    datetime: formatDateTime(record.at),
                    version: record.version,
                    user: record.recordedByName ?? '—',
                  })}
                />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`${R}.visits_title`)}
          </Typography>
          {(visitor.visits ?? []).length === 0 && (
            <Typography color="textSecondary">{translate(`${R}.visits_none`)}</Typography>
          )}
          <List dense>
            {(visitor.visits ?? []).map((visit) => (
              <ListItem key={visit.id} divider>
                <ListItemText
                  primary={
                    <MuiLink component={Link} to={paths.show('igreja/cultos', visit.gatheringId)}>
                      {visit.name}
                    </MuiLink>
                  }
                  secondary={`${formatDate(visit.date)} · ${GATHERING_KIND_LABELS[visit.kind as 'service'] ?? ''}`}
                />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <VisitorRightsCard visitor={visitor} />
    </Box>
  );
}
