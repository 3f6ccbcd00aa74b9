import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type BuyerDetailDto, indiaDay } from '@plotbook/domain';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import { DocumentActions } from '@/components/document-actions';

/**
 * The buyer's statement of account as a PDF: every sale with its schedule and each installment's state, the
 * receipts and refunds, and the balance, as of a chosen date (today by default). Downloaded, or mailed to them.
 */
export function BuyerStatement({ buyer }: { buyer: BuyerDetailDto }) {
  const [asOf, setAsOf] = useState(() => indiaDay(new Date()));
  return (
    <Card padding="lg" component="section" aria-label="Statement of account">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Statement of account
        </Title>
        <Text size="sm" c="dimmed">
          On the company letterhead: each sale, its schedule, the receipts and the balance as of the date.
          {buyer.email ? ` Mail sends it to ${buyer.email}.` : ' Add an email to mail it.'}
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateField label="As of" value={asOf} onChange={setAsOf} w={170} required />
          <DocumentActions
            doc={{ kind: 'statement', id: buyer.buyerId, ...(asOf ? { asOf } : {}) }}
            label="statement of account"
            mail={Boolean(buyer.email)}
          />
        </Group>
      </Stack>
    </Card>
  );
}
