import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { formatNumber, plotInputSchema, sumAreas } from '@plotbook/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DecimalInput } from '@/components/decimal-input';
import { maxLengthOf } from '@/lib/max-length';
import classes from './plot-rows.module.css';
import { num } from './project-form-values';
import { ONE_PLOT_MESSAGE, type ProjectFormState } from './use-project-form';

/** The project's plots: name, size and optional number per row; sold plots cannot be removed. */
export function PlotRows({ form, onRefused }: { form: ProjectFormState; onRefused: (message: string) => void }) {
  const { values, sizesFit } = form;
  const used = sumAreas(values.plots.map((p) => num(p.totalPlotSize)));
  const labelProps = { className: classes.label };

  return (
    <Card padding="lg">
      <Group mb="md">
        <div>
          <Title order={2} fz="lg">
            Plots
          </Title>
          <Text size="sm" c={sizesFit ? 'dimmed' : 'red'} data-testid="plot-area-summary">
            {values.plots.length} {values.plots.length === 1 ? 'plot' : 'plots'} · {formatNumber(used)} of{' '}
            {formatNumber(form.plotAreaLimit)} {values.isSaleable ? 'saleable ' : ''}sq ft used
          </Text>
        </div>
      </Group>

      <div className={classes.header} aria-hidden>
        <span>#</span>
        <span>Plot Name</span>
        <span>Plot Size (sq ft)</span>
        <span>Plot Number</span>
        <span />
      </div>

      <Stack gap="sm" mt={{ base: 0, sm: 'xs' }}>
        {values.plots.map((plot, index) => {
          const isLastSize = !sizesFit && plot.key === form.lastSizeKey;
          const rowName = plot.plotName.trim() || `row ${index + 1}`;
          return (
            <div key={plot.key} className={classes.row} data-testid="plot-row">
              <Text className={classes.head} size="sm" fw={600} c="dimmed">
                <Text span hiddenFrom="sm" inherit>
                  Plot{' '}
                </Text>
                {index + 1}
              </Text>
              <TextInput
                className={classes.name}
                label="Plot Name"
                labelProps={labelProps}
                placeholder="e.g. Plot 1"
                value={plot.plotName}
                onChange={(e) => form.setPlot(index, { plotName: e.currentTarget.value })}
                error={form.errorOf(`plots.${index}.plotName`)}
                autoFocus={plot.key === form.addedKey}
                maxLength={maxLengthOf(plotInputSchema.shape.plotName)}
                required
              />
              <DecimalInput
                className={classes.size}
                label="Plot Size (sq ft)"
                labelProps={labelProps}
                placeholder="0"
                value={plot.totalPlotSize}
                onChange={(v) => form.setPlot(index, { totalPlotSize: v })}
                error={isLastSize || form.errorOf(`plots.${index}.totalPlotSize`)}
                required
              />
              <TextInput
                className={classes.number}
                label="Plot Number"
                labelProps={labelProps}
                placeholder="Optional"
                value={plot.plotNumber}
                onChange={(e) => form.setPlot(index, { plotNumber: e.currentTarget.value })}
                maxLength={40}
              />
              <Group className={classes.actions} gap={6} wrap="nowrap" justify="flex-end">
                {plot.isRegistered ? (
                  <Badge color="grape" variant="light">
                    Registered
                  </Badge>
                ) : (
                  plot.isSold && (
                    <Badge color="blue" variant="light">
                      Sold
                    </Badge>
                  )
                )}
                <Tooltip label={plot.isSold ? 'A sold plot cannot be removed' : 'Remove plot'}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove plot ${rowName}`}
                    disabled={plot.isSold}
                    onClick={() => {
                      if (!form.removePlot(index)) onRefused(ONE_PLOT_MESSAGE);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </div>
          );
        })}
      </Stack>

      {form.exceedsMessage && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {form.exceedsMessage}
        </Text>
      )}

      {/* New rows appear at the end, so the button sits there too. */}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={form.addPlot} mt="md">
        Add Plot
      </Button>
    </Card>
  );
}
