import { Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { SaleBuyerDetails, SaleBuyerInputs } from './sale-buyer-fields';
import { SaleEmiSection } from './sale-emi-section';
import type { PaymentType } from './sale-form-values';
import { useSaleForm } from './use-sale-form';

/** Plot Sale Summary: sell a plot for full payment (cash) or on EMI, with a live preview of the schedule. */
export function SaleForm() {
  const sale = useSaleForm();
  const { form, values, errors, set, mutation } = sale;

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
    <form ref={sale.formRef} onSubmit={sale.handleSubmit} noValidate aria-labelledby="sale-form-title">
      <LeaveGuard when={sale.isDirty} />
      <Stack gap="md">
        <Card padding="lg">
          <Stack gap="md">
            <Title order={2} fz="lg" id="sale-form-title">
              Sale Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <ProjectSelect
                value={values.projectId}
                onChange={sale.changeProject}
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
                  if (sale.isEmi) sale.checkEmiDate(values.emiDate, saleDate);
                }}
                error={errors.saleDate}
                required
              />
              <SaleBuyerInputs values={values} errors={errors} set={set} />
              {amountField('saleAmount', 'Sale Amount')}
            </SimpleGrid>
            <SaleBuyerDetails values={values} errors={errors} set={set} />
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

        {sale.isEmi ? (
          <SaleEmiSection
            values={values}
            errors={errors}
            figures={sale.figures}
            problem={sale.problem}
            amountField={amountField}
            set={set}
            emiDateField={sale.emiDateField}
            checkEmiDate={sale.checkEmiDate}
          />
        ) : null}

        <FormStatus message={sale.status} onClose={() => sale.setStatus(null)} />
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
            <Button variant="default" onClick={sale.reset} disabled={mutation.isPending}>
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
