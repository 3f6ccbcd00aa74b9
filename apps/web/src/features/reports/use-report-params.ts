import type { ReportKey } from '@plotbook/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isReportKey } from './report-catalog';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/**
 * The dashboard's state lives in the address (`/reports?report=plotWise&projectId=3`), so reload, Back and a
 * shared link show the same report. Choosing a report adds a history entry; changing a filter replaces it.
 * The project stays chosen when another report is opened.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const report = params.get('report');
  const reportKey: ReportKey | null = isReportKey(report) ? report : null;

  const update = useCallback(
    (changes: Record<string, string | number | null>, options: { push?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: !options.push },
      ),
    [setParams],
  );

  return {
    reportKey,
    projectId: positive(params.get('projectId')),
    partnerId: positive(params.get('partnerId')),
    fromDate: isoDay(params.get('fromDate')),
    toDate: isoDay(params.get('toDate')),
    chooseReport: (key: ReportKey | null) => update({ report: key }, { push: true }),
    /** A new project clears the partner (spec 001: changing the project clears the partner selection). */
    setProjectId: (id: number | null) => update({ projectId: id, partnerId: null }),
    setPartnerId: (id: number | null) => update({ partnerId: id }),
    setDates: (fromDate: string, toDate: string) => update({ fromDate, toDate }),
  };
}

export type ReportParams = ReturnType<typeof useReportParams>;
