import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatMobile, formatRupees, type SaleListRowDto, todayIso } from '@plotbook/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { DateField } from '@/components/date-field';
import { DecimalInput } from '@/components/decimal-input';
import { submitOnEnter } from '@/components/reason-modal';
import { useIdempotencyKey } from '@/components/row-table';
import { ApiError } from '@/lib/api-client';
import { type BuyerOption, useBuyerSearch, useTransferSale } from '../api/transfer-sale';

const buyerLabel = (b: BuyerOption) => (b.mobile ? `${b.name} · ${formatMobile(b.mobile)}` : b.name);

/** What the transfer does, in money: the sentence the confirmation shows. */
export function transferConsequence(sale: SaleListRowDto, toName: string, fee: number): string {
  const from = sale.buyerName ?? 'the present buyer';
  const feeText = fee > 0 ? `; transfer fee ${formatRupees(fee)} to be received` : '; no transfer fee';
  return `Plot ${sale.plotName} and its balance of ${formatRupees(sale.pending)} move from ${from} to ${toName}${feeText}.`;
}

/**
 * Transfer of a sale to another buyer (issue 20): the new buyer (searched by name or mobile), the date, the fee
 * and the reason; then a confirmation that says what moves and what is to be received. The server's refusal
 * (a registered plot, the same buyer) is shown in the dialog.
 */
export function TransferSaleModal({ sale, onClose }: { sale: SaleListRowDto | null; onClose: () => void }) {
  return (
    <Modal opened={sale !== null} onClose={onClose} title={<Text fw={700}>Transfer sale</Text>} size="lg">
      {sale ? <TransferForm key={sale.saleId} sale={sale} onDone={onClose} /> : null}
    </Modal>
  );
}

function TransferForm({ sale, onDone }: { sale: SaleListRowDto; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const buyers = useBuyerSearch(debounced);
  const [buyerId, setBuyerId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<BuyerOption | null>(null);
  const [date, setDate] = useState(todayIso());
  const [fee, setFee] = useState<number | ''>(0);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [key] = useIdempotencyKey();
  const transfer = useTransferSale();

  const options = useMemo(() => {
    const list = (buyers.data ?? []).filter((b) => b.buyerId !== sale.buyerId);
    const all = chosen && !list.some((b) => b.buyerId === chosen.buyerId) ? [chosen, ...list] : list;
    return all.map((b) => ({ value: String(b.buyerId), label: buyerLabel(b), buyer: b }));
  }, [buyers.data, chosen, sale.buyerId]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!chosen) found.toBuyerId = 'Choose the new buyer';
    if (!date) found.date = 'Enter the transfer date';
    if (!reason.trim()) found.reason = 'Give a reason for this transfer';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      const done = await transfer.mutateAsync({
        saleId: sale.saleId,
        input: { date, toBuyerId: chosen.buyerId, transferFee: fee === '' ? 0 : fee, reason: reason.trim() },
        idempotencyKey: key,
      });
      notifications.show({ color: 'green', message: done.message, autoClose: 8000 });
      onDone();
    } catch (e) {
      setConfirming(false);
      if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) setErrors(e.fields);
      setFailure(e instanceof Error ? e.message : 'Could not transfer the sale. Please try again.');
    }
  };

  if (confirming && chosen) {
    return (
      <Stack gap="md">
        <Text fw={600}>Transfer the sale of plot {sale.plotName}?</Text>
        <Alert color="blue" variant="light" role="status">
          {transferConsequence(sale, chosen.name, fee === '' ? 0 : fee)}
        </Alert>
        <Text size="sm" c="dimmed">
          The schedule and the receipts stay with the sale. The reason is kept in its history.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={transfer.isPending}>
            Back
          </Button>
          <Button onClick={send} loading={transfer.isPending} data-autofocus>
            Transfer
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Plot <b>{sale.plotName}</b>, now with <b>{sale.buyerName ?? 'no buyer named'}</b>; balance{' '}
          <b style={{ whiteSpace: 'nowrap' }}>{formatRupees(sale.pending)}</b>.
        </Text>
        <Select
          label="New buyer"
          placeholder="Type a name or mobile"
          required
          searchable
          data-autofocus
          data={options}
          value={buyerId}
          onChange={(value) => {
            setErrors(({ toBuyerId: _, ...rest }) => rest);
            setBuyerId(value);
            setChosen(options.find((o) => o.value === value)?.buyer ?? null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            buyers.isFetching ? 'Searching…' : 'No buyer found. Add the buyer on the Buyers page first.'
          }
          error={errors.toBuyerId}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start">
          <DateField label="Transfer date" required value={date} onChange={setDate} error={errors.date} />
          <DecimalInput
            label="Transfer fee (₹)"
            value={fee}
            onChange={(v) => setFee(v)}
            error={errors.transferFee}
            description="Received later by a Transfer Fee receipt line"
          />
        </Group>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setErrors(({ reason: _, ...rest }) => rest);
            setReason(e.currentTarget.value);
          }}
          onKeyDown={submitOnEnter}
          error={errors.reason}
        />
        {failure ? (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Review transfer</Button>
        </Group>
      </Stack>
    </form>
  );
}
