import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReportKey } from '@plotbook/domain';
import { IconArrowBackUp, IconLayoutDashboard, IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ReportCards } from '@/features/reports/components/report-cards';
import { ReportView } from '@/features/reports/components/report-view';
import { reportInfo } from '@/features/reports/report-catalog';
import { useReportParams } from '@/features/reports/use-report-params';
import { TallyExportForm } from '@/features/tally/components/tally-export-form';

/**
 * Report Dashboard: a hero with Reset Selection, the eight report cards, and a panel headed by the chosen report
 * (or Overview) with Change Report. The choice and its filters live in the address, so reload and Back keep them.
 */
export function ReportsRoute() {
  const params = useReportParams();
  const { reportKey } = params;
  const info = reportKey ? reportInfo(reportKey) : null;
  const panelRef = useRef<HTMLElement>(null);
  const [tallyOpen, setTallyOpen] = useState(false);
  // On a phone the panel is below eight cards: bring the chosen report into view.
  const choose = (key: ReportKey) => {
    params.chooseReport(key);
    requestAnimationFrame(() => panelRef.current?.scrollIntoView({ block: 'start' }));
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Card padding="lg" data-print="hide">
        <Group justify="space-between" align="flex-start" gap="md">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Report Dashboard
            </Title>
            <Text c="dimmed">
              Projects, plots, receipts, farmers, months and partners: searchable, sortable, with totals and Excel
              exports.
            </Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to={paths.app.tdsPending.getHref()} variant="light">
              TDS certificates pending
            </Button>
            {/* Not "Export …": each report's own Export button keeps its name to itself. */}
            <Button variant="light" onClick={() => setTallyOpen(true)}>
              Tally import file
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => params.chooseReport(null)}
              disabled={reportKey === null}
            >
              Reset Selection
            </Button>
          </Group>
        </Group>
      </Card>

      <Modal opened={tallyOpen} onClose={() => setTallyOpen(false)} title="Export to Tally" size="lg">
        <TallyExportForm />
        <Text size="xs" c="dimmed" mt="sm">
          The ledgers each mode and particular go to are set in{' '}
          <Link to={paths.app.settings.getHref()}>Settings → Tally ledgers</Link>.
        </Text>
      </Modal>

      <ReportCards chosen={reportKey} onChoose={choose} />

      <Card
        padding="lg"
        component="section"
        aria-labelledby="report-panel-heading"
        ref={panelRef}
        style={{ scrollMarginTop: 76 }}
      >
        <Group justify="space-between" align="center" gap="sm" mb="md" data-print="hide">
          <Group gap="xs" wrap="nowrap">
            {info ? null : <IconLayoutDashboard size={22} aria-hidden />}
            <Title order={2} fz="xl" id="report-panel-heading">
              {info ? info.cardLabel : 'Overview'}
            </Title>
          </Group>
          {info ? (
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              onClick={() => params.chooseReport(null)}
            >
              Change Report
            </Button>
          ) : null}
        </Group>
        {reportKey ? (
          <ReportView key={reportKey} reportKey={reportKey} params={params} />
        ) : (
          <Text c="dimmed">Please select a report from the list above.</Text>
        )}
      </Card>
    </Stack>
  );
}
