import { Alert, Button, Group, List, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  EMI_DATE_MESSAGE,
  isEmiDateAllowed,
  plotLabel,
  type SaleListRowDto,
  todayIso,
  updateSaleSchema,
} from '@plotbook/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DateField } from '@/components/date-field';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { submitOnEnter } from '@/components/reason-modal';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useUpdateSale } from '../api/update-sale';
import { type EditSaleValues, saleChanges, saleToValues, toUpdateInput } from './edit-sale-values';
import { SaleBuyerInputs } from './sale-buyer-fields';
import { SaleEmiSection } from './sale-emi-section';
import { emiFigures, emiProblem, liveSaleErrors, type PaymentType } from './sale-form-values';

const validateEdit = zodResolver<EditSaleValues>(updateSaleSchema, toUpdateInput);

/**
 * Edit sale (a correction, issue 20): the sale form's figures of a listed sale, the EMI section and its rules as on
 * the sale screen, what the correction changes, and the reason it needs. The server rebuilds the schedule so the
 * money received still pays the oldest installments, and refuses an amount below what was received.
 */
export function EditSaleModal({
  sale,
  opened,
  onClose,
}: {
  sale: SaleListRowDto;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={<Text fw={700}>Edit sale of {plotLabel(sale.plotName)}</Text>}
    >
      {opened ? <EditSaleForm sale={sale} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditSaleForm({ sale, onDone }: { sale: SaleListRowDto; onDone: () => void }) {
  const [values, setValues] = useState<EditSaleValues>(() => saleToValues(sale));
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [emiDateField, setEmiDateField] = useState(0);
  const mutation = useUpdateSale();
  const errors: Record<string, ReactNode> = { ...liveSaleErrors(values), ...saveErrors };
  const changes = saleChanges(sale, values);
  const isEmi = values.paymentType === 'EMI';

  const set = <K extends keyof EditSaleValues>(field: K, value: EditSaleValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaveErrors(({ [field as string]: _gone, ...rest }) => rest);
    setFailure(null);
  };
  const checkEmiDate = (emiDate: string, saleDate: string) => {
    if (emiDate && !isEmiDateAllowed(emiDate, saleDate || todayIso())) {
      setValues((v) => ({ ...v, emiDate: '' }));
      setSaveErrors((e) => ({ ...e, emiDate: EMI_DATE_MESSAGE }));
      setEmiDateField((n) => n + 1);
      return false;
    }
    return true;
  };
  const amountField = (field: 'saleAmount' | 'advanceAmount' | 'visarpawatiAmount', label: string) => (
    <DecimalInput
      label={label}
      value={values[field]}
      onChange={(v: DecimalValue) => set(field, v)}
      error={errors[field]}
      leftSection="₹"
      required={field === 'saleAmount'}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validateEdit(values);
    if (!values.buyerName.trim()) found.buyerName = "Enter the buyer's name";
    if (Object.keys(found).length > 0) {
      setSaveErrors(found);
      setFailure(null);
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    mutation.mutate(
      { saleId: sale.saleId, input: toUpdateInput(values) },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setSaveErrors(error.fields);
          setFailure(error instanceof Error && error.message ? error.message : 'Could not save. Please try again.');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit sale of ${plotLabel(sale.plotName)}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <DateField
            label="Sale Date"
            value={values.saleDate}
            onChange={(saleDate) => {
              set('saleDate', saleDate);
              if (isEmi) checkEmiDate(values.emiDate, saleDate);
            }}
            error={errors.saleDate}
            required
          />
          <SaleBuyerInputs values={values} errors={errors} set={set as Parameters<typeof SaleBuyerInputs>[0]['set']} />
          {amountField('saleAmount', 'Sale Amount')}
          <DateField
            label="Agreement for Sale Registered On"
            value={values.agreementDate}
            onChange={(agreementDate) => set('agreementDate', agreementDate)}
            error={errors.agreementDate}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4} id="edit-payment-type-label">
            Payment Type
          </Text>
          <SegmentedControl
            aria-labelledby="edit-payment-type-label"
            value={values.paymentType}
            onChange={(v) => set('paymentType', v as PaymentType)}
            data={[
              { value: 'Cash', label: 'Full Payment (Cash)' },
              { value: 'EMI', label: 'EMI' },
            ]}
          />
        </div>
        {isEmi ? (
          <SaleEmiSection
            values={values}
            errors={errors}
            figures={emiFigures(values)}
            problem={emiProblem(values)}
            amountField={amountField}
            set={(field, value) => set(field, value as EditSaleValues[typeof field])}
            emiDateField={emiDateField}
            checkEmiDate={checkEmiDate}
          />
        ) : null}
        <Stack gap={4} aria-live="polite">
          <Text size="sm" fw={600}>
            What changes
          </Text>
          {changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing yet: change a figure above.
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {changes.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          )}
          {isEmi && changes.length > 0 ? (
            <Text size="xs" c="dimmed">
              The schedule is rebuilt: money already received pays the oldest installments first.
            </Text>
          ) : null}
        </Stack>
        <Textarea
          label="Reason for the correction"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          onKeyDown={submitOnEnter}
          error={errors.reason}
        />
        {failure ? (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={changes.length === 0}>
            Save correction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
