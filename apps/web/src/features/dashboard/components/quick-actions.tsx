import { Button, Card, SimpleGrid, Title } from '@mantine/core';
import { IconBuildingCommunity, IconLayoutGrid, IconReportMoney, IconTractor, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const ACTIONS = [
  { label: 'Add Project', href: paths.app.project.getHref(), icon: IconBuildingCommunity },
  { label: 'Add Partner', href: paths.app.partner.getHref(), icon: IconUserPlus },
  { label: 'Record Purchase', href: paths.app.purchase.getHref(), icon: IconTractor },
  { label: 'Record Sale', href: paths.app.sale.getHref(), icon: IconReportMoney },
  { label: 'Plot Board', href: paths.app.board.getHref(), icon: IconLayoutGrid },
];

export function QuickActions() {
  return (
    <Card padding="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
        {ACTIONS.map(({ label, href, icon: Icon }) => (
          <Button
            key={label}
            component={Link}
            to={href}
            variant="light"
            justify="flex-start"
            leftSection={<Icon size={18} />}
            size="md"
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Card>
  );
}
