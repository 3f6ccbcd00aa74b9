import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatRupees, PAYOUT_MODES, type PartnerSummaryDto, payoutInputSchema, todayIso } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { DateField } from '@/components/date-field';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { PartnerSelect } from '@/components/selects/partner-select';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { maxLengthOf } from '@/lib/max-length';
import { type PayoutRequest, useCreatePayout } from '../api/create-payout';

interface PayoutValues {
  partnerId: number | null;
  date: string;
  mode: string | null;
  modeDetail: string;
  amount: DecimalValue;
  note: string;
}

const { shape } = payoutInputSchema;

/**
 * A payout to a partner of the project: date, mode, detail, amount and a note. The amount starts at what is due
 * to the partner (when anything is). One Idempotency-Key per submission, so a double click pays once.
 */
export function PayoutForm({
  projectId,
  partners,
  initialPartnerId,
  onSaved,
  onCancel,
}: {
  projectId: number;
  partners: PartnerSummaryDto[];
  initialPartnerId: number | null;
  onSaved: (message: FormStatusMessage) => void;
  onCancel: () => void;
}) {
  const dueOf = (partnerId: number | null) => partners.find((p) => p.partnerId === partnerId)?.due ?? 0;
  const startAmount = (partnerId: number | null): DecimalValue => {
    const due = dueOf(partnerId);
    return due > 0 ? due : '';
  };
  const form = useForm<PayoutValues>({
    initialValues: {
      partnerId: initialPartnerId,
      date: todayIso(),
      mode: null,
      modeDetail: '',
      amount: startAmount(initialPartnerId),
      note: '',
    },
    validate: zodResolver(payoutInputSchema, (v: PayoutValues) => toInput(projectId, v)),
  });
  const mutation = useCreatePayout();
  const [idempotencyKey] = useIdempotencyKey();
  const [failure, setFailure] = useState<FormStatusMessage | null>(null);
  const { values } = form;
  const due = dueOf(values.partnerId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || form.validate().hasErrors) return;
    setFailure(null);
    mutation.mutate(
      { input: toInput(projectId, values), idempotencyKey },
      {
        onSuccess: (saved) => onSaved({ kind: 'success', text: saved.message }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
          setFailure(failureMessage('Error saving payment', error));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormStatus message={failure} />
        <PartnerSelect
          projectId={projectId}
          value={values.partnerId}
          onChange={(id) => {
            form.setValues({ partnerId: id, amount: startAmount(id) });
            form.clearFieldError('partnerId');
          }}
          error={form.errors.partnerId}
          required
          data-autofocus={initialPartnerId === null || undefined}
        />
        {values.partnerId !== null ? (
          <Text size="sm" c="dimmed" data-testid="payout-due">
            Due to this partner: {formatRupees(due)}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label="Date"
            required
            value={values.date}
            onChange={(value) => {
              form.setFieldValue('date', value);
              form.clearFieldError('date');
            }}
            error={form.errors.date}
          />
          <Select
            label="Mode"
            placeholder="Select mode"
            required
            data={[...PAYOUT_MODES]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('mode')}
          />
          <TextInput
            label="Mode Detail"
            placeholder="Cheque no., UTR or UPI reference"
            maxLength={maxLengthOf(shape.modeDetail)}
            {...form.getInputProps('modeDetail')}
          />
          <DecimalInput
            label="Amount (₹)"
            required
            value={values.amount}
            onChange={(value) => {
              form.setFieldValue('amount', value);
              form.clearFieldError('amount');
            }}
            error={form.errors.amount}
            data-autofocus={initialPartnerId !== null || undefined}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          autosize
          minRows={2}
          maxLength={maxLengthOf(shape.note)}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The payload; what the schema refuses (no mode, no amount) is caught by validation before it is sent. */
function toInput(projectId: number, v: PayoutValues): PayoutRequest {
  return {
    projectId,
    partnerId: v.partnerId,
    date: v.date,
    mode: (v.mode ?? '') as PayoutRequest['mode'],
    modeDetail: v.modeDetail,
    amount: v.amount === '' ? (undefined as unknown as number) : v.amount,
    note: v.note,
  };
}
