import { Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { formatRupees, type Installment, type Paise, toRupees } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { DateField } from '@/components/date-field';
import { DecimalInput } from '@/components/decimal-input';
import { canPreviewSchedule, type SaleFormValues } from './sale-form-values';
import { SchedulePreview } from './schedule-preview';

type AmountField = 'saleAmount' | 'advanceAmount' | 'visarpawatiAmount';

/** The sale form's Payment Schedule card: the EMI figures, worked out as they are typed, and the schedule's preview. */
export function SaleEmiSection({
  values,
  errors,
  figures,
  problem,
  amountField,
  set,
  emiDateField,
  checkEmiDate,
}: {
  values: SaleFormValues;
  errors: Record<string, ReactNode>;
  figures: { emiTotalPaise: Paise; monthlyPaise: Paise; schedule: Installment[] };
  problem: { emiTotal?: string; monthlyAmount?: string };
  amountField: (field: AmountField, label: string) => ReactNode;
  set: <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => void;
  /** The EMI date field's key: a new one gives a fresh input when a refused date is cleared. */
  emiDateField: number;
  checkEmiDate: (emiDate: string, saleDate: string) => boolean;
}) {
  return (
    <Card padding="lg" component="section" aria-labelledby="emi-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="emi-title">
          Payment Schedule
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {amountField('advanceAmount', 'Advance Amount')}
          {amountField('visarpawatiAmount', 'Visarpawati Amount')}
          <WorkedOut
            label="EMI Total"
            description="Sale − advance − visarpawati"
            paise={figures.emiTotalPaise}
            error={problem.emiTotal}
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
          <WorkedOut
            label="Monthly Amount"
            description="EMI total ÷ duration"
            paise={figures.monthlyPaise}
            error={problem.monthlyAmount}
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
  );
}

/** A figure the form works out (read only, out of the tab order), in rupees. */
function WorkedOut({
  label,
  description,
  paise,
  error,
}: {
  label: string;
  description: string;
  paise: Paise;
  error: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={formatRupees(toRupees(paise))}
      error={error}
      readOnly
      tabIndex={-1}
    />
  );
}
