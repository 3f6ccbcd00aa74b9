import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CancelSaleInput,
  type CompanySettingsDto,
  cashRuleIssue,
  formatRupees,
  REFUND_MODES,
  type SaleListRowDto,
  saleTaxSettingsOf,
  sumRupees,
  todayIso,
  toPaise,
} from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { DateField } from '@/components/date-field';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { ApiError } from '@/lib/api-client';
import { useCompanySettings } from '@/lib/company-settings';
import { useCancelSale } from '../api/cancel-sale';

interface CancelValues {
  date: string;
  reason: string;
  refundAmount: DecimalValue;
  refundMode: string | null;
  modeDetail: string;
  retainedAmount: DecimalValue;
}

const amountOf = (v: DecimalValue) => (v === '' ? 0 : v);
const MODE_WORDS: Record<string, string> = {
  Cash: 'in cash',
  Cheque: 'by cheque',
  UPI: 'by UPI',
  RTGS: 'by RTGS',
  'Bank Transfer': 'by bank transfer',
};

/** What the cancellation does with the money, in words: the confirmation the clerk reads before saving. */
export function cancelConsequences(sale: SaleListRowDto, v: CancelValues): string {
  const refund = amountOf(v.refundAmount);
  const retained = amountOf(v.retainedAmount);
  const parts = [
    refund > 0 ? `Refund ${formatRupees(refund)} ${MODE_WORDS[v.refundMode ?? ''] ?? ''}`.trim() : 'No refund',
    retained > 0 ? `keep ${formatRupees(retained)} as cancellation charge` : 'keep nothing',
    `plot ${sale.plotName} becomes available`,
  ];
  return parts.join('; ');
}

/** s.269T before saving: a refund in cash reaching the company's cash limit (the domain's rule), or null. */
export function refundCashWarning(v: CancelValues, settings: CompanySettingsDto | undefined): string | null {
  const refund = amountOf(v.refundAmount);
  if (!settings || v.refundMode !== 'Cash' || refund <= 0) return null;
  return cashRuleIssue(toPaise(refund), saleTaxSettingsOf(settings), { section: '269T', date: v.date || null });
}

/**
 * Cancel sale (issue 20): the date, why, and how what the sale has received is split between a refund (mode,
 * detail) and the retained cancellation charge, prefilled as a full refund; the two must add up to what was received
 * (checked as they are typed). Saving asks for a confirmation that states the money consequences.
 */
export function CancelSaleDialog({
  sale,
  onClose,
  onDone,
}: {
  sale: SaleListRowDto | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  // A phone gets the whole screen: the form and its confirmation are long.
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={sale !== null}
      onClose={onClose}
      title={sale ? `Cancel the sale of plot ${sale.plotName}` : ''}
      size="lg"
      fullScreen={isPhone}
    >
      {sale ? <CancelSaleForm sale={sale} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function CancelSaleForm({
  sale,
  onClose,
  onDone,
}: {
  sale: SaleListRowDto;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const form = useForm<CancelValues>({
    initialValues: {
      date: todayIso(),
      reason: '',
      refundAmount: sale.received,
      refundMode: sale.received > 0 ? 'Cheque' : null,
      modeDetail: '',
      retainedAmount: 0,
    },
  });
  const mutation = useCancelSale();
  const [idempotencyKey] = useIdempotencyKey();
  const [failure, setFailure] = useState<FormStatusMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { values } = form;
  const together = sumRupees([amountOf(values.refundAmount), amountOf(values.retainedAmount)]);
  const addsUp = together === sale.received;
  const settings = useCompanySettings().data;
  const cashWarning = refundCashWarning(values, settings);
  const refusesCash = cashWarning !== null && settings?.cashRule === 'refuse';

  const check = () => {
    const errors: Record<string, string> = {};
    if (!values.date) errors.date = 'Enter the cancellation date';
    if (!values.reason.trim()) errors.reason = 'Enter why the sale is cancelled';
    if (!addsUp) errors.retainedAmount = `Refund + retained must be ${formatRupees(sale.received)}`;
    if (amountOf(values.refundAmount) > 0 && !values.refundMode) errors.refundMode = 'Select how the refund is paid';
    if (refusesCash) errors.refundMode = 'This company refuses such cash refunds: pick another mode';
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!confirming) {
      if (check()) setConfirming(true);
      return;
    }
    setFailure(null);
    const input: CancelSaleInput = {
      date: values.date,
      reason: values.reason,
      refundAmount: amountOf(values.refundAmount),
      refundMode: amountOf(values.refundAmount) > 0 ? (values.refundMode as CancelSaleInput['refundMode']) : null,
      modeDetail: values.modeDetail,
      retainedAmount: amountOf(values.retainedAmount),
    };
    mutation.mutate(
      { saleId: sale.saleId, input, idempotencyKey },
      {
        onSuccess: (saved) => onDone([saved.message, ...(saved.warnings ?? [])].join(' ')),
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
          setFailure(failureMessage('Error cancelling the sale', error));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={failure} />
        <Text size="sm" data-testid="cancel-received">
          This sale has received {formatRupees(sale.received)}. Split it between the refund and what is kept.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label="Cancellation date"
            required
            value={values.date}
            onChange={(value) => {
              form.setFieldValue('date', value);
              form.clearFieldError('date');
            }}
            error={form.errors.date}
            disabled={confirming}
          />
          <DecimalInput
            label="Refund amount (₹)"
            required
            value={values.refundAmount}
            onChange={(value) => {
              // The rest is kept, so the two keep adding up to what was received.
              form.setValues({
                refundAmount: value,
                retainedAmount: Math.max(0, sumRupees([sale.received, -amountOf(value)])),
              });
              form.clearFieldError('retainedAmount');
            }}
            error={form.errors.refundAmount}
            disabled={confirming}
            data-autofocus
          />
          <Select
            label="Refund mode"
            placeholder="Select mode"
            data={[...REFUND_MODES]}
            // Picking the mode already shown must not clear it (a clerk confirms "Cheque" by choosing it again).
            allowDeselect={false}
            withAsterisk={amountOf(values.refundAmount) > 0}
            comboboxProps={{ withinPortal: true }}
            disabled={confirming || amountOf(values.refundAmount) === 0}
            {...form.getInputProps('refundMode')}
          />
          <TextInput
            label="Mode detail"
            placeholder="Cheque no., UTR or UPI reference"
            maxLength={200}
            disabled={confirming}
            {...form.getInputProps('modeDetail')}
          />
          <DecimalInput
            label="Retained (cancellation charge) (₹)"
            required
            value={values.retainedAmount}
            onChange={(value) => {
              form.setFieldValue('retainedAmount', value);
              form.clearFieldError('retainedAmount');
            }}
            error={form.errors.retainedAmount}
            disabled={confirming}
          />
        </SimpleGrid>
        <Text size="sm" c={addsUp ? 'green.9' : 'red.9'} aria-live="polite" data-testid="cancel-check">
          {addsUp
            ? `Refund + retained = ${formatRupees(together)}: adds up to what was received.`
            : `Refund + retained = ${formatRupees(together)}; it must be ${formatRupees(sale.received)}.`}
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={500}
          disabled={confirming}
          {...form.getInputProps('reason')}
        />
        {cashWarning ? (
          <Alert
            color={refusesCash ? 'red' : 'yellow'}
            variant="light"
            title={`Cash refund of ${formatRupees(settings?.cashLimit ?? 0)} or more (Income Tax Act s.269T)`}
            data-testid="cancel-cash-warning"
          >
            {cashWarning}
            {refusesCash ? ' This company refuses such refunds.' : ' Confirming saves it anyway.'}
          </Alert>
        ) : null}
        {confirming ? (
          <Alert color="orange" variant="light" title="Cancel this sale?" data-testid="cancel-confirm">
            {cancelConsequences(sale, values)}. The sale, its schedule and its receipts stay, marked Cancelled.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>
            {confirming ? 'Back' : 'Close'}
          </Button>
          <Button type="submit" color={confirming ? 'red' : undefined} loading={mutation.isPending}>
            {confirming ? 'Confirm cancellation' : 'Cancel sale'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
