import { Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CompanySettingsDto, formatRupees, updateCompanySettingsSchema } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { ApiError } from '@/lib/api-client';
import { useSaveCompanySettings } from '@/lib/company-settings';
import { zodResolver } from '@/lib/form';

interface Values {
  tdsThreshold: DecimalValue;
  tdsRate: DecimalValue;
  cashLimit: DecimalValue;
  cashRule: 'warn' | 'refuse';
  reraLimit: DecimalValue;
}

const valuesOf = (s: CompanySettingsDto): Values => ({ ...s });

function Rule({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The company's tax and cash rules of a plot sale, each with what the law says in plain words. A tenant admin
 * changes them; everyone else reads them (`readOnly`).
 */
export function TaxRulesForm({ settings, readOnly }: { settings: CompanySettingsDto; readOnly: boolean }) {
  const mutation = useSaveCompanySettings();
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: zodResolver(updateCompanySettingsSchema),
  });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const v = form.getValues();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(form.getValues() as never, {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        setMessage({ kind: 'success', text: 'Tax and cash rules saved.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(failureMessage('Failed to save the tax and cash rules.', error));
      },
    });
  };

  const money = (key: 'tdsThreshold' | 'cashLimit', label: string) => (
    <DecimalInput
      label={label}
      prefix="₹ "
      decimalScale={2}
      min={0}
      readOnly={readOnly}
      {...form.getInputProps(key)}
      value={v[key]}
      onChange={(value) => form.setFieldValue(key, value)}
    />
  );
  const percent = (key: 'tdsRate' | 'reraLimit', label: string) => (
    <DecimalInput
      label={label}
      suffix=" %"
      decimalScale={2}
      min={0}
      max={100}
      isGrouped={false}
      readOnly={readOnly}
      {...form.getInputProps(key)}
      value={v[key]}
      onChange={(value) => form.setFieldValue(key, value)}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Tax and cash rules">
      <LeaveGuard when={form.isDirty() && !mutation.isPending} />
      <Stack gap="lg">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <Rule title="TDS on a plot sale (Income Tax Act s.194-IA)">
          <Text size="sm" c="dimmed">
            A buyer paying {formatRupees(Number(v.tdsThreshold) || 0)} or more for a plot (all co-buyers together)
            deducts {Number(v.tdsRate) || 0} % as TDS, deposits it with Form 26QB and gives you a Form 16B certificate.
            Record it as a receipt line "TDS (194-IA)" with the certificate number as its mode detail: it counts as
            paid. Reports → TDS certificates pending lists the sales still owing a certificate.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {money('tdsThreshold', 'TDS applies from (sale amount)')}
            {percent('tdsRate', 'TDS rate')}
          </SimpleGrid>
        </Rule>
        <Rule title="Cash from a buyer (s.269SS; refunds s.269T)">
          <Text size="sm" c="dimmed">
            Taking {formatRupees(Number(v.cashLimit) || 0)} or more in cash from one buyer on one day for a plot
            (advance, token or installment) is barred, with a penalty equal to the amount; so is refunding that much in
            cash. Choose whether such a receipt is saved with a warning or refused.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {money('cashLimit', 'Cash limit per buyer per day')}
            <Radio.Group
              label="A receipt over the limit is"
              value={v.cashRule}
              onChange={(value) => !readOnly && form.setFieldValue('cashRule', value as Values['cashRule'])}
            >
              <Group gap="lg" mt={8}>
                <Radio value="warn" label="Saved with a warning" disabled={readOnly} />
                <Radio value="refuse" label="Refused" disabled={readOnly} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
        </Rule>
        <Rule title="Money before the agreement for sale (RERA s.13)">
          <Text size="sm" c="dimmed">
            A promoter may not take more than {Number(v.reraLimit) || 0} % of the sale amount before the agreement for
            sale is registered. Record the agreement date on the sale; the receipt screen warns and the sales listing
            flags a sale that passes the limit.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {percent('reraLimit', 'Most of the sale amount before the agreement')}
          </SimpleGrid>
        </Rule>
        {readOnly ? (
          <Text size="sm" c="dimmed">
            Only a tenant admin changes these rules.
          </Text>
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              Save Rules
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
