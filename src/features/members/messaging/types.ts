import type { DeliveryStatus, MessageChannel } from '../../../../domain/messages';
import { DELIVERY_STATUSES } from '../../../../domain/messages';
import { toCamelKey } from '../../../providers/case';

/** A message's people by state, as the client reads them (keys in camelCase: noAddress). */
export type DeliveryCounts = Record<string, number>;

export interface Message {
  id: number;
  kind: 'manual' | 'birthday';
  channel: MessageChannel;
  subject: string;
  body: string;
  createdAt: string;
  createdByName: string | null;
  total: number;
  counts: DeliveryCounts;
}

/** How many people are in `status`. */
export const countOf = (counts: DeliveryCounts, status: DeliveryStatus): number =>
  counts[toCamelKey(status)] ?? 0;

/** The states present in `counts`, in the states' order, with their count. */
export const countsOf = (counts: DeliveryCounts) =>
  DELIVERY_STATUSES.filter((status) => countOf(counts, status) > 0).map((status) => ({
    status,
    count: countOf(counts, status),
  }));
