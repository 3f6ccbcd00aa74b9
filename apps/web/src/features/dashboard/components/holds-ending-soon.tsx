import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatIndiaDateTime, formatMobile, type HoldsEndingSoonDto, plotLabel } from '@plotbook/domain';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useHoldsEndingSoon } from '../api/get-holds-ending-soon';

type Hold = HoldsEndingSoonDto['holds'][number];

const HOUR_MS = 3_600_000;

/** How long a hold has left, as a badge: hours under a day (orange), else days. */
function timeLeft(heldUntil: string, now: number): { text: string; color: string } {
  const left = new Date(heldUntil).getTime() - now;
  if (left < HOUR_MS) return { text: 'under 1 hour', color: 'red' };
  if (left < 24 * HOUR_MS) return { text: `${Math.floor(left / HOUR_MS)} h left`, color: 'orange' };
  const days = Math.floor(left / (24 * HOUR_MS));
  return { text: `${days} ${days === 1 ? 'day' : 'days'} left`, color: 'gray' };
}

function HoldLine({ hold, now, isFirst }: { hold: Hold; now: number; isFirst: boolean }) {
  const left = timeLeft(hold.heldUntil, now);
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      data-testid="hold-ending-soon"
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} to={paths.app.board.getHref(hold.projectId)} fw={600} truncate display="block">
          {plotLabel(hold.plotName)} · {hold.projectName}
        </Anchor>
        <Text size="sm" c="dimmed" truncate>
          For {hold.buyerName}
          {hold.buyerMobile ? ` (${formatMobile(hold.buyerMobile)})` : ''} · by {hold.heldByName}
        </Text>
        <Text size="sm" c="dimmed">
          Until {formatIndiaDateTime(hold.heldUntil)}
        </Text>
      </div>
      <Badge color={left.color} variant="light" style={{ flexShrink: 0 }}>
        {left.text}
      </Badge>
    </Group>
  );
}

/**
 * The dashboard's "Holds ending soon": the company's live holds, soonest first, each linking to its project's
 * board. Loading shows placeholders; a failure (the holds cannot be read) says so in the card with Try again, and
 * leaves the rest of the dashboard as it is.
 */
export function HoldsEndingSoon() {
  const holds = useHoldsEndingSoon();
  const now = holds.dataUpdatedAt || Date.now();
  return (
    <Card padding="lg" component="section" aria-labelledby="holds-ending-soon-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="holds-ending-soon-title">
          Holds ending soon
        </Title>
        <Button
          component={Link}
          to={paths.app.board.getHref()}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLayoutGrid size={16} aria-hidden />}
        >
          Plot Board
        </Button>
      </Group>
      {holds.isError ? (
        <Group gap="xs" role="status">
          <Text c="dimmed" size="sm">
            The holds could not be loaded.
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => holds.refetch()}>
            Try again
          </Anchor>
        </Group>
      ) : !holds.data ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading holds">
          {[0, 1].map((i) => (
            <Skeleton key={i} h={52} />
          ))}
        </Stack>
      ) : holds.data.holds.length === 0 ? (
        <Text c="dimmed" size="sm">
          No plot is on hold.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {holds.data.holds.map((hold, index) => (
            <HoldLine key={hold.holdId} hold={hold} now={now} isFirst={index === 0} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
