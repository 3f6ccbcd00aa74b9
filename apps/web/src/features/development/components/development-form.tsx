import { Card, Group, Select, Stack } from '@mantine/core';
import {
  DEVELOPMENT_CATEGORIES,
  DEVELOPMENT_CATEGORY_LABELS,
  DEVELOPMENT_PARTICULARS,
  type DevelopmentCategory,
  type DevelopmentRowInput,
  developmentRowsSchema,
  PAYMENT_MODES,
  ROW_REQUIRED,
} from '@plotbook/domain';
import { useMemo, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import {
  blankMoneyRow,
  checkRows,
  moneyRowColumns,
  RowTable,
  rowSaveFailure,
  toMoneyRowPayload,
  useIdempotencyKey,
  useRowTable,
} from '@/components/row-table';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { ApiError } from '@/lib/api-client';
import { useCreateDevelopment } from '../api/create-development';

const CATEGORY_OPTIONS = DEVELOPMENT_CATEGORIES.map((value) => ({ value, label: DEVELOPMENT_CATEGORY_LABELS[value] }));

/** per_sqft and per_plot costs are charged to one plot; per_project costs are spread over all plots. */
const needsPlot = (category: DevelopmentCategory | null) => category === 'per_sqft' || category === 'per_plot';

/** Plot Development: a project's development costs of one category (and plot), entered as rows, saved together. */
export function DevelopmentForm() {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [category, setCategory] = useState<DevelopmentCategory | null>(null);
  const [plotId, setPlotId] = useState<number | null>(null);
  const [selectErrors, setSelectErrors] = useState<{ category?: string; plot?: string }>({});
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, renewIdempotencyKey] = useIdempotencyKey();
  const columns = useMemo(
    () => moneyRowColumns({ particulars: DEVELOPMENT_PARTICULARS, modes: PAYMENT_MODES, projectId }),
    [projectId],
  );
  const table = useRowTable(columns, blankMoneyRow);
  const mutation = useCreateDevelopment();

  const changeProject = (id: number | null) => {
    setProjectId(id);
    setPlotId(null);
    setStatus(null);
    // Partners and plots belong to a project.
    table.updateAll('partnerId', '');
  };

  const changeCategory = (value: string | null) => {
    const next = (value as DevelopmentCategory | null) ?? null;
    setCategory(next);
    if (!needsPlot(next)) setPlotId(null);
    setSelectErrors({});
  };

  const fail = (text: string) => setStatus({ kind: 'error', text });

  const save = () => {
    if (mutation.isPending) return;
    setStatus(null);
    const errors = {
      category: category ? undefined : 'Select a category',
      plot: needsPlot(category) && plotId === null ? 'Select a plot for this category' : undefined,
    };
    setSelectErrors(errors);
    if (projectId === null) return fail('Please select a project before saving.');
    if (!category) return fail('Please select a category.');
    if (errors.plot)
      return fail(`Please select a plot: a ${DEVELOPMENT_CATEGORY_LABELS[category]} cost is charged to one plot.`);
    if (!table.validate()) return fail(ROW_REQUIRED);

    const { rows, problem } = checkRows<DevelopmentRowInput>(
      developmentRowsSchema,
      table.rows.map((row) => ({
        projectId,
        category,
        plotId: needsPlot(category) ? plotId : null,
        ...toMoneyRowPayload(row),
      })),
    );
    if (problem) {
      table.setCellErrors(problem.fields);
      return fail(problem.text);
    }
    mutation.mutate(
      { rows, idempotencyKey },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', text: 'Development information saved successfully!' });
          table.reset();
          renewIdempotencyKey();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setStatus(failureMessage(error.message, null));
            return;
          }
          if (error instanceof ApiError) table.setCellErrors(error.fields);
          setStatus(rowSaveFailure('Failed to save development.', error));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card padding="md">
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <ProjectSelect value={projectId} onChange={changeProject} required miw={220} autoFocus />
          <Select
            label="Category"
            placeholder="Select category"
            data={CATEGORY_OPTIONS}
            value={category}
            onChange={changeCategory}
            required
            allowDeselect={false}
            error={selectErrors.category}
            miw={180}
          />
          {needsPlot(category) ? (
            <PlotSelect
              projectId={projectId}
              value={plotId}
              onChange={(id) => {
                setPlotId(id);
                setSelectErrors((e) => ({ ...e, plot: undefined }));
              }}
              required
              error={selectErrors.plot}
              miw={200}
            />
          ) : null}
        </Group>
      </Card>
      <Card padding="md">
        <RowTable
          table={table}
          totalKey="amount"
          onSave={save}
          isSaving={mutation.isPending}
          alert={<FormStatus message={status} onClose={() => setStatus(null)} />}
        />
      </Card>
    </Stack>
  );
}
