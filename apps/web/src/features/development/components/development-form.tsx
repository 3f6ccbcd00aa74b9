import { Card, Group, Select, Stack } from '@mantine/core';
import {
  DEVELOPMENT_CATEGORIES,
  DEVELOPMENT_CATEGORY_LABELS,
  DEVELOPMENT_PARTICULARS,
  type DevelopmentCategory,
  type DevelopmentRowInput,
  developmentRowsSchema,
} from '@plotbook/domain';
import { useState } from 'react';
import { FormStatus } from '@/components/form-status';
import { RowTable, useMoneyRowsForm } from '@/components/row-table';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
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
  const form = useMoneyRowsForm<DevelopmentRowInput>({
    particulars: DEVELOPMENT_PARTICULARS,
    projectId,
    schema: developmentRowsSchema,
    mutation: useCreateDevelopment(),
    successText: 'Development information saved successfully!',
    failureText: 'Failed to save development.',
    showConflictText: true,
  });
  const { table, status, setStatus, fail } = form;

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

  const save = () => {
    if (form.isSaving) return;
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
    form.submit((money) => ({ projectId, category, plotId: needsPlot(category) ? plotId : null, ...money }));
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
          isSaving={form.isSaving}
          alert={<FormStatus message={status} onClose={() => setStatus(null)} />}
        />
      </Card>
    </Stack>
  );
}
