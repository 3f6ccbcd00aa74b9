import { Alert, Anchor, Badge, Button, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type BoardPlotDto,
  FACING_LABELS,
  formatIndiaDateTime,
  formatMobile,
  formatNumber,
  formatRupees,
  type HoldDto,
  PLOT_BOARD_STATE_LABELS,
} from '@plotbook/domain';
import { IconAlertTriangle, IconHandOff, IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HistoryButton } from '@/components/history';
import { paths } from '@/config/paths';
import { getRole, getUser } from '@/lib/session';
import { useReleaseHold } from '../api/holds';
import { BOARD_STATE_COLORS } from '../board-colors';
import { HoldForm } from './hold-form';

/** The sale screen, opened with the project, plot and (for a held plot) the buyer chosen. */
export function sellHref(projectId: number, plotId: number, buyerId: number | null): string {
  const query = new URLSearchParams({ projectId: String(projectId), plotId: String(plotId) });
  if (buyerId !== null) query.set('buyerId', String(buyerId));
  return `${paths.app.sale.getHref()}?${query}`;
}

/**
 * Whether the signed-in user may sell or release a held plot: its holder or a tenant admin (the server decides; this
 * only spares the others a button that would be refused). The session carries the user's name, not their id.
 */
export function canActOnHold(hold: HoldDto): boolean {
  return getRole() === 'TENANT_ADMIN' || getUser()?.userName === hold.heldByName;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={130} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function HoldSection({ projectId, plot, hold }: { projectId: number; plot: BoardPlotDto; hold: HoldDto }) {
  const release = useReleaseHold();
  const canAct = canActOnHold(hold);
  const onRelease = () =>
    release.mutate(plot.plotId, {
      onSuccess: () => notifications.show({ color: 'green', message: `The hold on ${plot.plotName} is released.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not release the hold', message: error.message }),
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="plot-hold">
      <Stack gap={6}>
        <Text fw={700}>
          On hold for {hold.buyerName}
          {hold.buyerMobile ? ` (${formatMobile(hold.buyerMobile)})` : ''}
        </Text>
        <Text size="sm">
          Until {formatIndiaDateTime(hold.heldUntil)}, held by {hold.heldByName}
        </Text>
        {hold.note ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {hold.note}
          </Text>
        ) : null}
        {canAct ? (
          <Group gap="sm" mt={4}>
            <Button
              component={Link}
              to={sellHref(projectId, plot.plotId, hold.buyerId)}
              leftSection={<IconShoppingCart size={18} aria-hidden />}
            >
              Sell to {hold.buyerName}
            </Button>
            <Button
              variant="default"
              onClick={onRelease}
              loading={release.isPending}
              leftSection={<IconHandOff size={18} aria-hidden />}
            >
              Release hold
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only {hold.heldByName} or a company admin can sell it or release the hold until then.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A plot's panel (a drawer at the side; a sheet from the bottom on a phone): its details, its hold (hold it, sell
 * it, release it), its sale's buyer with the receipts and schedule, and its history. It reads the plot from the
 * live board, so a change made elsewhere shows here too.
 */
export function PlotPanel({
  projectId,
  plot,
  onClose,
}: {
  projectId: number;
  plot: BoardPlotDto | null;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)', false);
  const colors = plot ? BOARD_STATE_COLORS[plot.state] : null;
  const isFree = plot !== null && (plot.state === 'available' || plot.state === 'resale');
  return (
    <Drawer
      opened={plot !== null}
      onClose={onClose}
      position={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '88%' : 'md'}
      title={
        plot ? (
          <Group gap="sm">
            <Text fw={700} fz="lg">
              {plot.plotName}
            </Text>
            <Badge
              variant="outline"
              style={{ background: colors?.fill, color: colors?.text, borderColor: colors?.border }}
              data-testid="plot-panel-state"
            >
              {PLOT_BOARD_STATE_LABELS[plot.state]}
            </Badge>
          </Group>
        ) : null
      }
      closeButtonProps={{ 'aria-label': 'Close plot panel' }}
      styles={isPhone ? { content: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } } : undefined}
    >
      {plot ? (
        <Stack gap="md">
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
            <Table.Tbody>
              {plot.plotNumber && plot.plotNumber !== plot.plotName ? (
                <Detail label="Plot number">{plot.plotNumber}</Detail>
              ) : null}
              <Detail label="Size">{formatNumber(plot.size)} sq ft</Detail>
              <Detail label="Facing">
                {plot.facing ? FACING_LABELS[plot.facing] : '-'}
                {plot.corner ? ', corner plot' : ''}
              </Detail>
              {plot.sector ? <Detail label="Sector">{plot.sector}</Detail> : null}
              <Detail label="List rate">
                {plot.listRate !== null ? `${formatRupees(plot.listRate)} / sq ft` : '-'}
              </Detail>
              <Detail label="List price">{plot.listPrice !== null ? formatRupees(plot.listPrice) : '-'}</Detail>
              {plot.buyerName ? (
                <Detail label="Buyer">
                  {plot.buyerId !== null ? (
                    <Anchor component={Link} to={paths.app.buyer.getHref(plot.buyerId)}>
                      {plot.buyerName}
                    </Anchor>
                  ) : (
                    plot.buyerName
                  )}
                </Detail>
              ) : null}
            </Table.Tbody>
          </Table>

          {plot.overdue ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Installment overdue">
              An installment of this sale is past its due date and not fully paid.
            </Alert>
          ) : null}

          {plot.hold ? <HoldSection projectId={projectId} plot={plot} hold={plot.hold} /> : null}

          {isFree && !plot.hold ? (
            <>
              <Paper withBorder p="sm" radius="md">
                <Text fw={700} mb="xs">
                  Hold for a buyer
                </Text>
                <HoldForm plotId={plot.plotId} plotName={plot.plotName} onHeld={() => undefined} />
              </Paper>
              <Group>
                <Button
                  component={Link}
                  to={sellHref(projectId, plot.plotId, null)}
                  variant="light"
                  leftSection={<IconShoppingCart size={18} aria-hidden />}
                >
                  Sell this plot
                </Button>
              </Group>
            </>
          ) : null}

          {plot.saleId !== null && plot.buyerId !== null ? (
            <Group>
              <Button
                component={Link}
                to={paths.app.buyer.getHref(plot.buyerId)}
                variant="light"
                leftSection={<IconReceipt size={18} aria-hidden />}
              >
                Receipts and schedule
              </Button>
            </Group>
          ) : null}

          <Group>
            <HistoryButton target={{ entity: 'plot', entityId: plot.plotId, name: plot.plotName }} />
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
