import type { TallyExportQuery, TallyLedgers } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export const tallyKeys = { ledgers: ['tally', 'ledgers'] as const };

/** The company's Tally ledger mapping (GET /api/tally/ledgers): mode → bank/cash ledger, particular → ledger. */
export const tallyLedgersQueryOptions = () =>
  queryOptions({
    queryKey: tallyKeys.ledgers,
    queryFn: () => api.get<TallyLedgers>('/tally/ledgers'),
    staleTime: 5 * 60_000,
  });

export function useTallyLedgers() {
  return useQuery(tallyLedgersQueryOptions());
}

/** A tenant admin saves the mapping; the answer is what the next export uses. */
export function useSaveTallyLedgers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TallyLedgers) => api.put<TallyLedgers>('/tally/ledgers', input),
    onSuccess: (saved) => queryClient.setQueryData(tallyKeys.ledgers, saved),
  });
}

/** Downloads the range as a Tally XML import file or as .xlsx, under the server's file name; returns the name. */
export async function downloadTally(range: TallyExportQuery, kind: 'xml' | 'xlsx'): Promise<string> {
  const path = kind === 'xml' ? '/export/tally' : '/export/tally/xlsx';
  const { blob, fileName } = await apiFile(path, { query: { from: range.from, to: range.to } });
  const name = fileName ?? `tally-${range.from}-to-${range.to}.${kind}`;
  saveFile(blob, name);
  return name;
}
