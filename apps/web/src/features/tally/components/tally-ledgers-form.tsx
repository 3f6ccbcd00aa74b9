import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEVELOPMENT_PARTICULARS,
  PURCHASE_PARTICULARS,
  RECEIPT_PARTICULARS,
  TALLY_MODES,
  type TallyLedgers,
  tallyLedgersSchema,
} from '@plotbook/domain';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useSaveTallyLedgers } from '../api/tally';

const GROUPS = [
  { key: 'modes', legend: 'Bank and cash ledgers, by mode', names: TALLY_MODES },
  { key: 'receipt', legend: 'Receipts: income ledgers, by particular', names: RECEIPT_PARTICULARS },
  { key: 'purchase', legend: 'Purchases from farmers: expense ledgers', names: PURCHASE_PARTICULARS },
  { key: 'development', legend: 'Development costs: expense ledgers', names: DEVELOPMENT_PARTICULARS },
] as const;

/**
 * Settings → Tally: which Tally ledger each mode and particular goes to, kept per company. A tenant admin changes
 * them; everyone else reads them (`readOnly`). The names must be ledgers that exist in the Tally company.
 */
export function TallyLedgersForm({ ledgers, readOnly }: { ledgers: TallyLedgers; readOnly: boolean }) {
  const mutation = useSaveTallyLedgers();
  const form = useForm<TallyLedgers>({ initialValues: ledgers, validate: zodResolver(tallyLedgersSchema) });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(form.getValues(), {
      onSuccess: (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        setMessage({ kind: 'success', text: 'Tally ledgers saved.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(failureMessage('Failed to save the Tally ledgers.', error));
      },
    });
  };

  const field = (path: string, label: string) => (
    <TextInput key={form.key(path)} label={label} readOnly={readOnly} maxLength={100} {...form.getInputProps(path)} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Tally ledgers">
      <LeaveGuard when={form.isDirty() && !mutation.isPending} />
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            key={form.key('companyName')}
            label="Company name in Tally"
            description="Blank: Tally imports into the company it has open."
            readOnly={readOnly}
            maxLength={100}
            {...form.getInputProps('companyName')}
          />
        </SimpleGrid>
        {GROUPS.map((group) => (
          <Fieldset key={group.key} legend={group.legend} variant="filled">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {group.names.map((name) => field(`${group.key}.${name}`, name))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Fieldset legend="Other ledgers" variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {field('payout', 'Partner payouts')}
            {field('refund', 'Refunds on cancelled sales')}
            {field('tds', 'TDS deducted by buyers (194-IA)')}
          </SimpleGrid>
        </Fieldset>
        {readOnly ? (
          <Text size="sm" c="dimmed">
            Only a tenant admin changes the Tally ledgers.
          </Text>
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
              Save Ledgers
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
