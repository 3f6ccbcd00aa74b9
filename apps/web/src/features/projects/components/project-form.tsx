import { Button, Card, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  formatRupees,
  MAX_RUPEES,
  type ProjectWithPlotsDto,
  projectInputSchema,
  toPaise,
  toRupees,
  totalAmountPaise,
  totalAmountWithin,
} from '@plotbook/domain';
import { IconList } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DecimalInput } from '@/components/decimal-input';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { getProjectQueryOptions } from '@/components/selects/queries';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { maxLengthOf } from '@/lib/max-length';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';
import { PlotRows } from './plot-rows';
import classes from './project-form.module.css';
import { emptyProject, fromProject, num, plotRowsToCheck } from './project-form-values';
import { SaleableSection } from './saleable-section';
import { useProjectForm } from './use-project-form';

const SAVED = 'Project saved successfully!';
const FAILED = 'Failed to save project.';

/**
 * Create Project, or edit one when `project` is given (plots keep their ids, so sales stay attached).
 * `extraActions` go on the left of the button row (e.g. Delete while editing); they report through the form's
 * message area, next to the buttons.
 */
export function ProjectForm({
  project,
  extraActions,
}: {
  project?: ProjectWithPlotsDto;
  extraActions?: (report: (message: FormStatusMessage) => void) => ReactNode;
}) {
  const form = useProjectForm(() => (project ? fromProject(project) : emptyProject()));
  const { values } = form;
  const createMutation = useCreateProject();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const updateMutation = useUpdateProject(project?.projectId ?? 0);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // A second Enter or click before React re-renders must not save twice.
  const savingRef = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);

  // The outcome shows next to the buttons; bring it into view on a long form.
  useEffect(() => {
    if (message) statusRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);

  // Past the largest amount (Total Rate shows that error), the figure is left at 0 rather than worked out.
  const [totalArea, totalRate] = [num(values.totalArea), num(values.totalRate)];
  const totalAmount = totalAmountWithin(totalArea, totalRate, toPaise(MAX_RUPEES))
    ? toRupees(totalAmountPaise(totalArea, totalRate))
    : 0;

  const save = async () => {
    const result = form.validate();
    if (!result.isValid) {
      setMessage({ kind: 'error', text: result.message, detail: plotRowsToCheck(result.errors) ?? undefined });
      return;
    }
    setMessage(null);
    try {
      if (project) {
        await updateMutation.mutateAsync(result.input);
        // New plots got ids: reload them so the next save updates instead of adding again.
        form.reset(fromProject(await queryClient.fetchQuery(getProjectQueryOptions(project.projectId))));
      } else {
        await createMutation.mutateAsync({ input: result.input, idempotencyKey });
        renewKey();
        form.reset(emptyProject());
      }
      setMessage({ kind: 'success', text: SAVED });
    } catch (error) {
      if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
      setMessage(failureMessage(FAILED, error));
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    savingRef.current = true;
    setIsSaving(true);
    try {
      await save();
    } finally {
      savingRef.current = false;
      setIsSaving(false);
    }
  };

  const handleCancel = () => {
    form.reset(project ? fromProject(project) : emptyProject());
    setMessage(null);
  };

  return (
    <form
      onSubmit={handleSubmit}
      // An outcome message describes the form as it was: the next edit clears it.
      onChange={() => setMessage(null)}
      noValidate
      aria-label={project ? 'Edit project' : 'Create project'}
    >
      <LeaveGuard when={form.isDirty && !isSaving} />
      <Stack gap="md">
        <Card padding="lg">
          <Title order={2} fz="lg" mb="md">
            Project Details
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Project Name"
                value={values.projectName}
                onChange={(e) => form.setField('projectName', e.currentTarget.value)}
                error={form.errorOf('projectName')}
                maxLength={maxLengthOf(projectInputSchema.shape.projectName)}
                required
                autoFocus={!project}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="City"
                value={values.city}
                onChange={(e) => form.setField('city', e.currentTarget.value)}
                error={form.errorOf('city')}
                autoComplete="address-level2"
                maxLength={maxLengthOf(projectInputSchema.shape.city)}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, md: 4 }}>
              <DecimalInput
                label="Total Area (sq ft)"
                value={values.totalArea}
                onChange={(v) => form.setField('totalArea', v)}
                error={form.errorOf('totalArea') || form.overflow === 'total'}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, md: 4 }}>
              <DecimalInput
                label="Total Rate (per sq ft)"
                leftSection="₹"
                value={values.totalRate}
                onChange={(v) => form.setField('totalRate', v)}
                error={form.errorOf('totalRate')}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label="Total Amount"
                description="Total area × total rate"
                value={formatRupees(totalAmount)}
                readOnly
                variant="filled"
                styles={{ input: { fontWeight: 700, fontVariantNumeric: 'tabular-nums' } }}
              />
            </Grid.Col>
          </Grid>
        </Card>

        <SaleableSection form={form} />

        <PlotRows form={form} onRefused={(text) => setMessage({ kind: 'error', text })} />

        <div ref={statusRef}>
          <FormStatus message={message} onClose={() => setMessage(null)} />
        </div>

        <Group justify="space-between" gap="sm">
          <Group gap="sm">{extraActions?.(setMessage)}</Group>
          <Group gap="sm" justify="flex-end" className={classes.buttons}>
            <Button
              component={Link}
              to={paths.app.viewProjects.getHref()}
              variant="default"
              leftSection={<IconList size={16} />}
            >
              View Projects
            </Button>
            <Button variant="default" onClick={handleCancel} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving} miw={110}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
