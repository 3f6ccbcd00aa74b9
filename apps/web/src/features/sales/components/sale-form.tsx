import { Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createSaleSchema,
  EMI_DATE_MESSAGE,
  formatRupees,
  isEmiDateAllowed,
  MOBILE_MAX_LENGTH,
  plotLabel,
  SALE_FAILED_MESSAGE,
  todayIso,
  toRupees,
} from '@plotbook/domain';
import { IconListDetails } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useCreateSale } from '../api/create-sale';
import { usePlotSaleAmount } from '../api/get-plot-sale-amount';
import {
  canPreviewSchedule,
  emiFigures,
  emiProblem,
  emptySale,
  liveSaleErrors,
  type PaymentType,
  type SaleFormValues,
  toSaleInput,
} from './sale-form-values';
import { SchedulePreview } from './schedule-preview';

const schemaErrors = zodResolver<SaleFormValues>(createSaleSchema, toSaleInput);

/** What the screen asks beyond the API's schema: a project, a plot and the buyer's name. */
function validateSale(values: SaleFormValues): Record<string, string> {
  const errors = schemaErrors(values);
  if (values.projectId === null) errors.projectId = 'Please select a project.';
  if (values.plotId === null) errors.plotId = 'Please select a plot.';
  if (!values.buyerName.trim()) errors.buyerName = "Enter the buyer's name";
  return errors;
}

const FIELD_ORDER = [
  'projectId',
  'plotId',
  'buyerName',
  'buyerMobile',
  'saleDate',
  'saleAmount',
  'paymentType',
  'advanceAmount',
  'visarpawatiAmount',
  'emiDuration',
  'emiDate',
];

/** Plot Sale Summary: sell a plot for full payment (cash) or on EMI, with a live preview of the schedule. */
export function SaleForm() {
  const form = useForm<SaleFormValues>({ initialValues: emptySale(), clearInputErrorOnChange: true });
  const { values } = form;
  // A Save's errors, and what is wrong with the EMI figures as they are typed (shown at once).
  const errors: Record<string, ReactNode> = { ...liveSaleErrors(values), ...form.errors };
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const mutation = useCreateSale();
  const prefill = usePlotSaleAmount(values.plotId);
  const isEmi = values.paymentType === 'EMI';
  const figures = emiFigures(values);
  const problem = emiProblem(values);
  const isDirty = form.isDirty() && !mutation.isPending;

  // The plot's recorded sale amount fills the field once the plot is chosen (a failed lookup leaves it as is).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new prefill value should fill the field
  useEffect(() => {
    if (prefill !== null) form.setFieldValue('saleAmount', prefill);
  }, [prefill]);

  const set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => {
    form.setValues({ [field]: value } as Partial<SaleFormValues>);
    form.clearFieldError(field);
    // The upfront check belongs to the three amounts together: any of them changing answers it afresh.
    if (field === 'saleAmount' || field === 'visarpawatiAmount') form.clearFieldError('advanceAmount');
    setStatus(null);
  };

  // Bumped to give the EMI date field a fresh input when a refused date is cleared (its typed text goes too).
  const [emiDateField, setEmiDateField] = useState(0);

  /** The spec's EMI date rule: a date before the sale month is refused and cleared. */
  const checkEmiDate = (emiDate: string, saleDate: string) => {
    if (emiDate && !isEmiDateAllowed(emiDate, saleDate || todayIso())) {
      form.setFieldValue('emiDate', '');
      form.setFieldError('emiDate', EMI_DATE_MESSAGE);
      setEmiDateField((n) => n + 1);
      return false;
    }
    return true;
  };

  const changeProject = (projectId: number | null) => {
    form.setValues({ projectId, plotId: null, saleAmount: '' });
    form.clearErrors();
    setStatus(null);
  };

  const reset = () => {
    form.setValues(emptySale(values.projectId));
    form.resetDirty(emptySale(values.projectId));
    form.clearErrors();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setStatus(null);
    const found = validateSale(values);
    const first = FIELD_ORDER.find((f) => found[f]) ?? Object.keys(found)[0];
    if (first) {
      form.setErrors(found);
      // Each message is at its field; the status only says so once (a single error would read twice).
      const count = Object.keys(found).length;
      setStatus({
        kind: 'error',
        text: count === 1 ? 'Please correct the highlighted field.' : `Please correct the ${count} highlighted fields.`,
      });
      // The first invalid field on screen takes the focus once the errors are drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    mutation.mutate(
      { input: toSaleInput(values), idempotencyKey },
      {
        onSuccess: (sale) => {
          renewKey();
          reset();
          setStatus({
            kind: 'success',
            text: sale.message,
            detail: `${sale.message} ${plotLabel(sale.plotName)} sold for ${formatRupees(sale.saleAmount)}${
              sale.paymentType === 'EMI' ? ` on ${sale.emiDuration} monthly installments` : ' (full payment)'
            }.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
          setStatus(
            error instanceof ApiError && error.hasResponse && error.message
              ? { kind: 'error', text: error.message }
              : failureMessage(SALE_FAILED_MESSAGE, error),
          );
        },
      },
    );
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

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby="sale-form-title">
      <LeaveGuard when={isDirty} />
      <Stack gap="md">
        <Card padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg" id="sale-form-title">
              Sale Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <ProjectSelect
                value={values.projectId}
                onChange={changeProject}
                error={errors.projectId}
                required
                autoFocus
              />
              <PlotSelect
                projectId={values.projectId}
                value={values.plotId}
                onChange={(plotId) => {
                  set('plotId', plotId);
                  form.setFieldValue('saleAmount', '');
                }}
                disabledReason={(plot) => (plot.isSold ? 'sold' : null)}
                error={errors.plotId}
                required
              />
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
              <TextInput
                label="Buyer Name"
                value={values.buyerName}
                onChange={(e) => set('buyerName', e.currentTarget.value)}
                error={errors.buyerName}
                maxLength={100}
                autoComplete="off"
                required
              />
              <TextInput
                label="Buyer Mobile"
                type="tel"
                inputMode="tel"
                placeholder="98220 11111"
                value={values.buyerMobile}
                onChange={(e) => set('buyerMobile', e.currentTarget.value)}
                error={errors.buyerMobile}
                maxLength={MOBILE_MAX_LENGTH}
                autoComplete="off"
              />
              {amountField('saleAmount', 'Sale Amount')}
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4} id="payment-type-label">
                Payment Type
              </Text>
              <SegmentedControl
                aria-labelledby="payment-type-label"
                value={values.paymentType}
                onChange={(v) => {
                  set('paymentType', v as PaymentType);
                  form.clearErrors();
                }}
                data={[
                  { value: 'Cash', label: 'Full Payment (Cash)' },
                  { value: 'EMI', label: 'EMI' },
                ]}
              />
            </div>
          </Stack>
        </Card>

        {isEmi ? (
          <Card padding="lg" component="section" aria-labelledby="emi-title">
            <Stack gap="md">
              <Title order={2} fz="lg" id="emi-title">
                Payment Schedule
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {amountField('advanceAmount', 'Advance Amount')}
                {amountField('visarpawatiAmount', 'Visarpawati Amount')}
                <TextInput
                  label="EMI Total"
                  description="Sale − advance − visarpawati"
                  value={formatRupees(toRupees(figures.emiTotalPaise))}
                  error={problem.emiTotal}
                  readOnly
                  tabIndex={-1}
                />
                <DecimalInput
                  label="EMI Duration (months)"
                  value={values.emiDuration}
                  onChange={(v) => set('emiDuration', v)}
                  error={errors.emiDuration}
                  decimalScale={0}
                  isGrouped={false}
                  required
                />
                <TextInput
                  label="Monthly Amount"
                  description="EMI total ÷ duration"
                  value={formatRupees(toRupees(figures.monthlyPaise))}
                  error={problem.monthlyAmount}
                  readOnly
                  tabIndex={-1}
                />
                <DateField
                  key={emiDateField}
                  label="First EMI Date"
                  value={values.emiDate}
                  onChange={(emiDate) => {
                    if (checkEmiDate(emiDate, values.saleDate)) set('emiDate', emiDate);
                  }}
                  error={errors.emiDate}
                  required
                />
              </SimpleGrid>
              <SchedulePreview
                schedule={canPreviewSchedule(values) ? figures.schedule : []}
                hint={
                  errors.advanceAmount || errors.emiDuration
                    ? 'Correct the figures above to see the schedule.'
                    : figures.emiTotalPaise === 0 && values.saleAmount !== ''
                      ? 'Nothing is left to pay monthly: the schedule is empty.'
                      : undefined
                }
              />
            </Stack>
          </Card>
        ) : null}

        <FormStatus message={status} onClose={() => setStatus(null)} />
        <Group justify="space-between" gap="sm">
          <Button
            component={Link}
            to={paths.app.viewSales.getHref(values.projectId ?? 0)}
            variant="light"
            leftSection={<IconListDetails size={18} aria-hidden />}
          >
            View Sales
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={reset} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
