import { Accordion, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { ProjectSelect } from '@/components/selects/project-select';
import { useCollectionSettings } from '@/features/collections/api/collection-settings';
import { useOverdue } from '@/features/collections/api/get-overdue';
import { AgeingSummary } from '@/features/collections/components/ageing-summary';
import { CollectionSettingsForm } from '@/features/collections/components/collection-settings-form';
import { OverdueTable } from '@/features/collections/components/overdue-table';
import { getUser } from '@/lib/session';

/**
 * Collections (issue 22): every unpaid or part-paid installment past its due date, aged in buckets (1–30, 31–60,
 * 61–90, 90+ days) with totals overall and per project; search, sort, paging, Export; select rows → Send reminder.
 * The project and the as-of day are in the address (`?projectId=&asOf=`), so reload and Back keep them.
 */
export function CollectionsRoute() {
  const [search, setSearch] = useSearchParams();
  const projectId = Number(search.get('projectId')) || null;
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(search.get('asOf') ?? '') ? search.get('asOf') : null;
  const filter = { projectId, asOf };
  const list = useOverdue(filter);
  const update = (next: { projectId?: number | null; asOf?: string | null }) => {
    const merged = { projectId, asOf, ...next };
    const params: Record<string, string> = {};
    if (merged.projectId) params.projectId = String(merged.projectId);
    if (merged.asOf) params.asOf = merged.asOf;
    setSearch(params, { replace: true });
  };
  const interestEnabled = list.rows.some((r) => r.interest > 0);
  const settings = useCollectionSettings();
  const isAdmin = getUser()?.role === 'TENANT_ADMIN';

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Collections
        </Title>
        <Text c="dimmed">
          Installments past their due date and not fully paid, by how late they are. Select rows to mail their buyers a
          reminder (at most one per installment a day).
        </Text>
      </div>
      <Card padding="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ProjectSelect
            value={projectId}
            onChange={(id) => update({ projectId: id })}
            placeholder="All projects"
            clearable
            miw={260}
            maw={420}
            style={{ flex: 1 }}
          />
          <DateField
            label="As of"
            placeholder="Today"
            value={asOf ?? ''}
            onChange={(value) => update({ asOf: value || null })}
            clearable
            maw={200}
          />
        </Group>
      </Card>
      {list.isError ? null : <AgeingSummary totals={list.totals} interestEnabled={interestEnabled} />}
      <OverdueTable filter={filter} list={list} />
      <Accordion variant="separated" radius="md">
        <Accordion.Item value="settings">
          <Accordion.Control>Late-payment interest and automatic reminders</Accordion.Control>
          <Accordion.Panel>
            {settings.data ? (
              <CollectionSettingsForm settings={settings.data} readOnly={!isAdmin} />
            ) : settings.isError ? (
              <Text c="red" size="sm">
                Could not load the settings: {settings.error.message}
              </Text>
            ) : (
              <Skeleton h={160} radius="md" aria-label="Loading the settings" />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
