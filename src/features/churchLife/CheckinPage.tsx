// /igreja/cultos/:id, the culto's check-in on a phone: search a member by name and tap "Presente",
// scan a credential's QR code, add a visitor; check-ins made without a connection wait in the
// browser (offlineQueue.ts) and go when it returns. Below: the head counts and who is present.
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useGetOne, useNotify, useTranslate } from 'react-admin';
import { credentialCodeFromQr } from '../../../domain/churchLife';
import { formatDate } from '../../../domain/formats';
import { AttendanceList } from './AttendanceList';
import { HeadCountsForm } from './HeadCountsForm';
import { MemberCheckinSearch } from './MemberCheckinSearch';
import type { Gathering } from './types';
import { CheckinQueueAlert } from './CheckinQueueAlert';
import { useCheckinQueue } from './useCheckinQueue';
import { VisitorQuickAdd } from './VisitorQuickAdd';

const QrScanner = lazy(() => import('./QrScanner'));
const T = 'adam.church_life';

export default function CheckinPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const gatheringId = Number(id);
  const { data: gathering, refetch } = useGetOne<Gathering>('igreja/cultos', { id: gatheringId });
  const [scanning, setScanning] = useState(false);
  const [addingVisitor, setAddingVisitor] = useState(false);

  const refresh = useCallback(() => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['attendances', gatheringId] });
  }, [refetch, queryClient, gatheringId]);
  const { waiting, send, mark } = useCheckinQueue(gatheringId, refresh);

  const scanned = (text: string) => {
    setScanning(false);
    if (credentialCodeFromQr(text) === null) {
      notify(translate(`${T}.scan_not_credential`), { type: 'error' });
      return;
    }
    void mark({ credentialCode: text }, translate(`${T}.method_qr`));
  };

  if (!gathering) return <Loading />;
  return (
    <Box sx={{ maxWidth: 900, mt: 1 }}>
      <Title title={gathering.name} />
      <Typography variant="h5" component="h1">
        {gathering.name}
      </Typography>
      <Typography color="textSecondary" gutterBottom>
        {formatDate(gathering.date)}
        {gathering.time ? `, ${gathering.time}` : ''} · {gathering.congregationName}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="gathering-totals">
        {translate(`${T}.totals`, { ...gathering.totals })}
      </Typography>

      <CheckinQueueAlert waiting={waiting} send={send} />

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate(`${T}.checkin_title`)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button
              variant={scanning ? 'outlined' : 'contained'}
              startIcon={<QrCodeScannerIcon />}
              onClick={() => setScanning((on) => !on)}
            >
              {translate(scanning ? `${T}.scan_stop` : `${T}.scan`)}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PersonAddIcon />}
              onClick={() => setAddingVisitor(true)}
            >
              {translate(`${T}.visitor_add`)}
            </Button>
          </Box>
          {scanning && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="body2" gutterBottom>
                {translate(`${T}.scan_title`)}
              </Typography>
              <Suspense fallback={<Loading />}>
                <QrScanner onRead={scanned} />
              </Suspense>
            </Box>
          )}
          <MemberCheckinSearch
            gatheringId={gatheringId}
            congregationId={gathering.congregationId}
            onMark={(member) => void mark({ memberId: Number(member.id) }, member.name)}
          />
        </CardContent>
      </Card>

      <HeadCountsForm
        key={[gathering.countMembers, gathering.countVisitors, gathering.countChildren].join('/')}
        gathering={gathering}
        onSaved={refresh}
      />
      <AttendanceList gatheringId={gatheringId} onChange={refresh} />

      <VisitorQuickAdd
        open={addingVisitor}
        onClose={() => setAddingVisitor(false)}
        gatheringId={gatheringId}
        congregationId={gathering.congregationId}
        onSaved={refresh}
      />
    </Box>
  );
}
