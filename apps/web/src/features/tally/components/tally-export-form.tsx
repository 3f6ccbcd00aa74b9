import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { tallyExportQuerySchema, todayIso } from '@plotbook/domain';
import { IconFileSpreadsheet, IconFileTypeXml } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DateField } from '@/components/date-field';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { downloadTally } from '../api/tally';

/** The Indian financial year's first day (1 April) of a `YYYY-MM-DD` day. */
export function financialYearStart(today: string): string {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= '04-01' ? `${year}-04-01` : `${year - 1}-04-01`;
}

/**
 * Export to Tally: a date range (this financial year so far, unless changed) downloaded as a Tally XML import file or
 * as the same vouchers in Excel. Only money that moved goes out: Completed receipts, refunds paid, live purchases,
 * development costs and partner payouts.
 */
export function TallyExportForm() {
  const today = todayIso();
  const [from, setFrom] = useState(financialYearStart(today));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'xml' | 'xlsx' | null>(null);
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const download = async (kind: 'xml' | 'xlsx') => {
    setMessage(null);
    const parsed = tallyExportQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'from' | 'to'] = issue.message;
      if (!from) next.from = 'Enter the first day';
      if (!to) next.to = 'Enter the last day';
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(kind);
    try {
      const name = await downloadTally(parsed.data, kind);
      setMessage({ kind: 'success', text: `Downloaded ${name}.` });
    } catch (error) {
      setMessage(failureMessage('Could not export to Tally.', error));
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void download('xml');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Export to Tally">
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField label="From" required value={from} onChange={setFrom} error={errors.from} />
          <DateField label="To" required value={to} onChange={setTo} error={errors.to} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Completed receipts and refunds paid, purchases, development costs and partner payouts of these days, as
          Receipt and Payment vouchers. Pending, cancelled, reversed and voided entries are left out. In Tally: Gateway
          of Tally → Import → Transactions, and choose the XML file.
        </Text>
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={busy === 'xlsx'}
            disabled={busy !== null}
            onClick={() => void download('xlsx')}
          >
            Download Excel
          </Button>
          <Button
            type="submit"
            leftSection={<IconFileTypeXml size={18} aria-hidden />}
            loading={busy === 'xml'}
            disabled={busy !== null}
          >
            Download Tally XML
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
