import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BuyerDetailDto, formatMobile } from '@plotbook/domain';
import type { ReactNode } from 'react';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children || '-'}
      </Text>
    </div>
  );
}

/** Who the buyer is: contacts, PAN (masked except to a tenant admin), Aadhaar's last 4, co-buyers and nominee. */
export function BuyerDetailsCard({ buyer: b }: { buyer: BuyerDetailDto }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Details
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
          <Detail label="Mobile">{b.mobile ? formatMobile(b.mobile) : null}</Detail>
          <Detail label="Alternate mobile">{b.alternateMobile ? formatMobile(b.alternateMobile) : null}</Detail>
          <Detail label="Email">{b.email}</Detail>
          <Detail label="PAN">{b.pan}</Detail>
          <Detail label="Aadhaar">{b.aadhaar}</Detail>
          <Detail label="Nominee">
            {b.nominee ? `${b.nominee.name}${b.nominee.relation ? ` (${b.nominee.relation})` : ''}` : null}
          </Detail>
          <Detail label="Address">{b.address}</Detail>
          <Detail label="Co-buyers">
            {b.coBuyers.length > 0
              ? b.coBuyers
                  .map((c) =>
                    [c.name, c.relation ? `(${c.relation})` : null, c.pan ? `PAN ${c.pan}` : null]
                      .filter(Boolean)
                      .join(' '),
                  )
                  .join('\n')
              : null}
          </Detail>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
