import { Card, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ReportKey } from '@plotbook/domain';
import {
  IconBuildingEstate,
  IconCalendarDue,
  IconCalendarStats,
  IconLayoutGrid,
  IconPlant2,
  IconReceipt2,
  IconUserDollar,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { REPORTS } from '../report-catalog';
import classes from './reports.module.css';

const ICONS: Record<ReportKey, ReactNode> = {
  projectWise: <IconBuildingEstate size={22} />,
  plotWise: <IconLayoutGrid size={22} />,
  paymentReceipts: <IconReceipt2 size={22} />,
  farmerAccount: <IconPlant2 size={22} />,
  paymentMonthWise: <IconCalendarStats size={22} />,
  paymentExpected: <IconCalendarDue size={22} />,
  partnerSummary: <IconUsersGroup size={22} />,
  partnerPaymentDetails: <IconUserDollar size={22} />,
};

/** The eight selectable report cards; the chosen one is pressed. */
export function ReportCards({ chosen, onChoose }: { chosen: ReportKey | null; onChoose: (key: ReportKey) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-print="hide">
      {REPORTS.map((report) => (
        <UnstyledButton
          key={report.key}
          className={classes.cardButton}
          aria-pressed={chosen === report.key}
          onClick={() => onChoose(report.key)}
        >
          <Card padding="md" withBorder className={classes.card}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                {ICONS[report.key]}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={700} lh={1.3}>
                  {report.cardLabel}
                </Text>
                <Text size="sm" c="dimmed" mt={2}>
                  {report.description}
                </Text>
              </div>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
