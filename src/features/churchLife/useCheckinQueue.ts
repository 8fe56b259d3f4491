// The check-ins a phone keeps while offline (offlineQueue.ts), for any gathering's screen — a
// culto's check-in or an EBD class's chamada: sent when the page opens and whenever the
// connection returns; `mark` sends one now or, without a connection, keeps it for later.
import { useCallback } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Attendance, CheckinBody } from '../../providers/churchLifeCalls';
import type { AppDataProvider } from '../../providers/dataProvider';
import { enqueue, flushQueue, isOffline, newClientKey, readQueue } from './offlineQueue';
import { useQueueSender } from './useQueueSender';

const T = 'adam.church_life';
const queueLength = () => readQueue().length;

export type CheckinPerson =
  { memberId: number } | { credentialCode: string } | { visitorId: number };

export function useCheckinQueue(gatheringId: number, refresh: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();

  /** Sends the queue; answers how many check-ins still wait. */
  const flush = useCallback(async () => {
    if (readQueue().length === 0) return 0;
    const { sent, refused, left } = await flushQueue((target, body) =>
      dataProvider.checkIn(target, body),
    );
    if (sent > 0) notify(translate(`${T}.queue_sent`, { smart_count: sent }), { type: 'success' });
    if (refused.length > 0) {
      notify(translate(`${T}.queue_refused`, { names: refused.join(', ') }), { type: 'warning' });
    }
    if (sent + refused.length > 0) refresh();
    return left;
  }, [dataProvider, notify, translate, refresh]);
  const { waiting, send, recount } = useQueueSender(flush, queueLength);

  /** Marks a person present; answers the attendance, or null when queued or refused. */
  const mark = useCallback(
    async (person: CheckinPerson, shownName: string): Promise<Attendance | null> => {
      const body = { ...person, clientKey: newClientKey() } as CheckinBody;
      try {
        const attendance = await dataProvider.checkIn(gatheringId, body);
        notify(
          translate(attendance.created ? `${T}.marked` : `${T}.already`, {
            name: attendance.name,
          }),
          { type: 'success' },
        );
        refresh();
        return attendance;
      } catch (error) {
        if (isOffline(error)) {
          enqueue({ gatheringId, name: shownName, body });
          recount();
          notify(translate(`${T}.queued`, { name: shownName }), { type: 'warning' });
        } else {
          notify((error as Error).message, { type: 'error' });
        }
        return null;
      }
    },
    [dataProvider, gatheringId, notify, translate, refresh, recount],
  );

  return { waiting, send, mark };
}
