import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '@plotbook/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DecimalInput } from '@/components/decimal-input';
import { ProjectSelect } from '@/components/selects/project-select';
import { type ProjectShareRow, rowShare } from './partner-form-values';

interface ProjectShareRowsProps {
  rows: ProjectShareRow[];
  taken: Map<number, number>;
  errorOf: (path: string) => string | undefined;
  onChange: (index: number, patch: Partial<ProjectShareRow>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addedKey: string | null;
}

/** A partner's projects, each with an optional percentage share (what is left in the project is shown). */
export function ProjectShareRows({ rows, taken, errorOf, onChange, onAdd, onRemove, addedKey }: ProjectShareRowsProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Projects and Shares</Text>
        <Button variant="light" size="compact-md" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add Project
        </Button>
      </Group>
      {rows.map((row, index) => {
        // What is left once this row's own share is counted; a share past 100 % is marked as it is typed.
        const share = rowShare(row, taken);
        const overError = share?.isOver ? `Only ${formatNumber(share.available)}% is left in this project` : undefined;
        return (
          <Grid key={row.key} gap="sm" align="flex-start" data-testid="partner-project-row">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <ProjectSelect
                value={row.projectId}
                onChange={(projectId) => onChange(index, { projectId })}
                error={errorOf(`projects.${index}.projectId`)}
                autoFocus={row.key === addedKey}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 7, sm: 3 }}>
              <DecimalInput
                label="Share (%)"
                placeholder="Optional"
                description={share && !share.isOver ? `${formatNumber(share.left)}% left` : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                max={100}
                isGrouped={false}
                value={row.percentageShare}
                onChange={(v) => onChange(index, { percentageShare: v })}
                error={errorOf(`projects.${index}.percentageShare`) ?? overError}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 2 }}>
              <Button
                variant="subtle"
                color="red"
                fullWidth
                mt={25}
                leftSection={<IconTrash size={16} />}
                aria-label={`Remove project row ${index + 1}`}
                onClick={() => onRemove(index)}
              >
                Remove
              </Button>
            </Grid.Col>
          </Grid>
        );
      })}
    </Stack>
  );
}
