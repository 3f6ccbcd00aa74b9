import { REPORT_TIME_ZONE } from '@plotbook/domain';
import { useSyncExternalStore } from 'react';

/**
 * A report read from a replica that lags says how old its data is (`X-Data-As-Of`, an ISO time; the server's
 * db/report-reads.ts). The API client notes it per path for every GET, a fresh answer clearing it; a report screen
 * shows it (`useDataAsOf`).
 */
export const DATA_AS_OF_HEADER = 'X-Data-As-Of';

const asOfByPath = new Map<string, string>();
const listeners = new Set<() => void>();

export function noteDataAsOf(path: string, value: string | null): void {
  if ((asOfByPath.get(path) ?? null) === value) return;
  if (value === null) asOfByPath.delete(path);
  else asOfByPath.set(path, value);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The time the last answer of `path` was as of, or null when it was current. */
export function useDataAsOf(path: string): string | null {
  return useSyncExternalStore(subscribe, () => asOfByPath.get(path) ?? null);
}

const indiaTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: REPORT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `as of 14:05:09`: the time in India a lagging answer's data is as of (null for a time it cannot read). */
export function dataAsOfText(asOf: string): string | null {
  const date = new Date(asOf);
  return Number.isNaN(date.getTime()) ? null : `as of ${indiaTime.format(date)}`;
}
