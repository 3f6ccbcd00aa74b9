import { Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CollectionSettingsDto, updateCollectionSettingsSchema } from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useSaveCollectionSettings } from '../api/collection-settings';

type Values = Omit<CollectionSettingsDto, 'lateInterestRate' | 'graceDays' | 'remindDaysBefore' | 'remindDaysAfter'> & {
  lateInterestRate: DecimalValue;
  graceDays: DecimalValue;
  remindDaysBefore: DecimalValue;
  remindDaysAfter: DecimalValue;
};

const numbers = (v: Values) => ({
  ...v,
  lateInterestRate: Number(v.lateInterestRate),
  graceDays: Number(v.graceDays),
  remindDaysBefore: Number(v.remindDaysBefore),
  remindDaysAfter: Number(v.remindDaysAfter),
});

/**
 * Late-payment interest (off by default: a rate a year after a grace period, shown on Collections and never added
 * to a sale) and the automatic reminders (N days before and after a due date). A tenant admin changes them.
 */
export function CollectionSettingsForm({ settings, readOnly }: { settings: CollectionSettingsDto; readOnly: boolean }) {
  const mutation = useSaveCollectionSettings();
  const form = useForm<Values>({
    initialValues: settings,
    validate: (values) => zodResolver(updateCollectionSettingsSchema)(numbers(values)),
  });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const v = form.getValues();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(numbers(form.getValues()), {
      onSuccess: (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        setMessage({ kind: 'success', text: 'Collection settings saved.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(failureMessage('Failed to save the collection settings.', error));
      },
    });
  };

  const decimal = (
    key: 'lateInterestRate' | 'graceDays' | 'remindDaysBefore' | 'remindDaysAfter',
    label: string,
    suffix: string,
    scale = 0,
  ) => (
    <DecimalInput
      label={label}
      suffix={suffix}
      decimalScale={scale}
      min={0}
      isGrouped={false}
      readOnly={readOnly}
      {...form.getInputProps(key)}
      value={v[key]}
      onChange={(value) => form.setFieldValue(key, value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Collection settings">
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <Switch
          label="Charge late-payment interest"
          description="Shown per installment on Collections; never added to the sale unless a clerk records it as a charge."
          checked={v.lateInterestEnabled}
          disabled={readOnly}
          onChange={(e) => form.setFieldValue('lateInterestEnabled', e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {decimal('lateInterestRate', 'Interest rate per year', ' %', 2)}
          {decimal('graceDays', 'Grace period', ' days')}
        </SimpleGrid>
        <Switch
          label="Send reminders by themselves"
          description="The server mails each buyer with an email before and after an installment's due date."
          checked={v.autoRemindersEnabled}
          disabled={readOnly}
          onChange={(e) => form.setFieldValue('autoRemindersEnabled', e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {decimal('remindDaysBefore', 'Days before the due date (0: none)', ' days')}
          {decimal('remindDaysAfter', 'Days after the due date (0: none)', ' days')}
        </SimpleGrid>
        {readOnly ? (
          <Text size="sm" c="dimmed">
            Only a tenant admin changes these settings.
          </Text>
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              Save Settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
