import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconHammer, IconReceipt, IconReportMoney, IconTractor } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const LINKS = [
  { label: 'Plot Purchase', href: paths.app.purchase.getHref(), icon: IconTractor },
  { label: 'Plot Development', href: paths.app.development.getHref(), icon: IconHammer },
  { label: 'Plot Sale', href: paths.app.sale.getHref(), icon: IconReportMoney },
  { label: 'Payment Receipt', href: paths.app.payment.getHref(), icon: IconReceipt },
];

/** The spec's Create Activity dropdown: it opens the screen where that kind of entry is recorded. */
export function CreateActivityMenu() {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button variant="light" rightSection={<IconChevronDown size={16} />}>
          Create Activity
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LINKS.map(({ label, href, icon: Icon }) => (
          <Menu.Item key={href} component={Link} to={href} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
