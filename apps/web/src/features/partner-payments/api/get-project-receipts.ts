import { type PartnerReceiptDto, REPORT_PAGE_LIMIT } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { partnerPaymentKeys } from './keys';

/** The project's receipt lines (every status), a page at a time; loaded only while the table is shown. */
export function useProjectReceipts(projectId: number | null, enabled: boolean) {
  return usePagedList<PartnerReceiptDto>({
    queryKey: partnerPaymentKeys.receipts(projectId ?? 0),
    path: '/payment/receipts',
    query: { projectId: projectId ?? 0 },
    enabled: enabled && projectId !== null,
    // Wide rows: the same first page as the Payment Receipts report; more load as the user scrolls.
    pageSize: REPORT_PAGE_LIMIT,
  });
}
