import { Stack, Text, Title } from '@mantine/core';
import { PartnerManager } from '@/features/partners/components/partner-manager';

export function PartnerRoute() {
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Partner Details
        </Title>
        <Text c="dimmed">Business partners and their percentage share in each project.</Text>
      </div>
      <PartnerManager />
    </Stack>
  );
}
