import { Modal, Stack, Text } from '@mantine/core';
import { formatRupees } from '@plotbook/domain';
import { DocumentActions } from '@/components/document-actions';
import type { SaleDialogProps } from './sale-actions';

/**
 * The sale's allotment letter: provisional until the sale is fully paid, final after; a second print of either
 * says DUPLICATE. Downloaded as a PDF, or mailed to the buyer.
 */
export function AllotmentLetterDialog({ sale, opened, onClose }: SaleDialogProps) {
  const final = sale.pending <= 0;
  return (
    <Modal opened={opened} onClose={onClose} title={`Allotment letter: ${sale.plotName}`} centered>
      <Stack gap="md">
        <Text size="sm">
          {final
            ? 'The sale is fully paid: the letter is the final allotment.'
            : `The sale has ${formatRupees(sale.pending)} still to pay: the letter is a provisional allotment.`}{' '}
          A reprint is marked DUPLICATE.
        </Text>
        <DocumentActions
          doc={{ kind: 'allotment-letter', id: sale.saleId }}
          label={`allotment letter of ${sale.plotName}`}
        />
      </Stack>
    </Modal>
  );
}
