// What a phone's screen with an offline queue does (the check-in's, a cell's report): send the
// queue when the page opens and whenever the connection returns, and show how many still wait.
import { useCallback, useEffect, useState } from 'react';

/**
 * `flush` sends the queue and answers how many still wait; `count` reads how many wait now.
 * Answers that number, `send` (for a "send now" button) and `recount` (after queueing one).
 */
export function useQueueSender(flush: () => Promise<number>, count: () => number) {
  const [waiting, setWaiting] = useState(count);
  const send = useCallback(() => void flush().then(setWaiting), [flush]);
  const recount = useCallback(() => setWaiting(count()), [count]);
  useEffect(() => {
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [send]);
  return { waiting, send, recount };
}
