import { Button, Card, Grid, Select, Title } from '@mantine/core';
import { ACTIVITY_STATUSES, activityInputSchema } from '@plotbook/domain';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { type ActivityType, useActivityNames } from '../api/get-activity-names';
import { useCreateActivity } from '../api/save-activity';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPE_OPTIONS } from './activity-labels';

type Status = (typeof ACTIVITY_STATUSES)[number];

/** Adds an activity to the chosen project: type, then a name of that type (preselected when only one), status. */
export function AddActivityForm({ projectId }: { projectId: number | null }) {
  const [type, setType] = useState<ActivityType | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [status, setStatus] = useState<Status | null>('Active');
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const names = useActivityNames(projectId, type);
  const mutation = useCreateActivity(projectId ?? 0);
  const nameOptions = names.data ?? [];
  const name = chosenName ?? (nameOptions.length === 1 ? (nameOptions[0] ?? null) : null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = activityInputSchema.safeParse({ projectId, activityType: type, activityName: name, status });
    if (!parsed.success) {
      setMessage({ kind: 'error', text: 'Please select project, type, name and status.' });
      return;
    }
    setMessage(null);
    mutation.mutate(parsed.data, {
      onSuccess: (saved) => {
        setMessage({
          kind: 'success',
          text: `${ACTIVITY_TYPE_LABELS[saved.activityType]}: ${saved.activityName} added.`,
        });
        setType(null);
        setChosenName(null);
        setStatus('Active');
      },
      onError: (error) => setMessage(failureMessage('Could not save the activity.', error)),
    });
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="add-activity-title">
      <Title order={2} fz="lg" mb="md" id="add-activity-title">
        Add Activity
      </Title>
      <form onSubmit={handleSubmit} noValidate>
        <Grid gap="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label="Activity Type"
              placeholder="Select type"
              data={ACTIVITY_TYPE_OPTIONS}
              value={type}
              onChange={(v) => {
                setType(v as ActivityType | null);
                setChosenName(null);
              }}
              disabled={projectId === null}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Select
              label="Activity Name"
              placeholder={type === null ? 'Select a type first' : names.isLoading ? 'Loading…' : 'Select name'}
              data={nameOptions}
              value={name}
              onChange={setChosenName}
              disabled={type === null}
              searchable
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label="Status"
              data={[...ACTIVITY_STATUSES]}
              value={status}
              onChange={(v) => setStatus(v as Status | null)}
              allowDeselect={false}
              disabled={projectId === null}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <Button type="submit" fullWidth loading={mutation.isPending} leftSection={<IconPlus size={16} />}>
              Save
            </Button>
          </Grid.Col>
        </Grid>
        <FormStatus message={message} onClose={() => setMessage(null)} mt="md" />
      </form>
    </Card>
  );
}
