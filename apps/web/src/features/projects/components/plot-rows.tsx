import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  FACING_LABELS,
  FACINGS,
  type Facing,
  formatNumber,
  plotInputSchema,
  plotListPricePaise,
  SECTOR_MAX_LENGTH,
  sumAreas,
  toPaise,
  toRupees,
} from '@plotbook/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { ArchiveButton } from '@/components/archive-button';
import { DecimalInput } from '@/components/decimal-input';
import { HistoryButton } from '@/components/history';
import { useVirtualRows } from '@/components/virtual-rows';
import { maxLengthOf } from '@/lib/max-length';
import classes from './plot-rows.module.css';
import { type NumberValue, num } from './project-form-values';
import { ONE_PLOT_MESSAGE, type ProjectFormState } from './use-project-form';

/** Rows are 12 px apart; a row is two lines of inputs from 48em, a small card below. */
const ROW_GAP = 12;

const FACING_OPTIONS = FACINGS.map((facing) => ({ value: facing, label: FACING_LABELS[facing] }));

/**
 * The project's plots: name, size and optional number per row, and below them the optional sector, facing, corner,
 * list rate and list price (a list price wins over the rate); sold plots cannot be removed. A project of
 * hundreds of plots renders only the rows near the screen (useVirtualRows).
 */
/** The list price field's hint: rate × size when a rate is typed (the price a sale starts from), else "Optional". */
function listPriceHint(plot: { listRate: NumberValue; totalPlotSize: NumberValue }): string {
  const price = plotListPricePaise({
    listPricePaise: null,
    listRatePaise: plot.listRate === '' ? null : toPaise(num(plot.listRate)),
    size: num(plot.totalPlotSize),
  });
  return price === null || price === 0 ? 'Optional' : formatNumber(toRupees(price));
}

export function PlotRows({ form, onRefused }: { form: ProjectFormState; onRefused: (message: string) => void }) {
  const { values, sizesFit } = form;
  const used = sumAreas(values.plots.map((p) => num(p.totalPlotSize)));
  const labelProps = { className: classes.label };
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rows = useVirtualRows({
    count: values.plots.length,
    estimateSize: (isWide ? 84 : 400) + ROW_GAP,
    getItemKey: (index) => values.plots[index]?.key ?? index,
  });

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
        <span />
        <span>Facing</span>
        <span>Sector / Phase</span>
        <span>Rate per sq ft (₹)</span>
        <span>List Price (₹)</span>
      </div>

      <Box ref={rows.listRef} onFocus={rows.onFocus} onBlur={rows.onBlur} mt={{ base: 0, sm: 'xs' }}>
        {rows.indexes.map((index, position) => {
          const plot = values.plots[index];
          if (!plot) return null;
          const isLastSize = !sizesFit && plot.key === form.lastSizeKey;
          const rowName = plot.plotName.trim() || `row ${index + 1}`;
          const gap = rows.gaps[position] ?? 0;
          return (
            <Fragment key={plot.key}>
              {gap > 0 ? <div style={{ height: gap }} aria-hidden /> : null}
              <div
                data-index={index}
                ref={rows.measureRef}
                style={{ paddingBottom: index < values.plots.length - 1 ? ROW_GAP : 0 }}
              >
                <div className={classes.row} data-testid="plot-row">
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
                  <Group className={classes.facing} gap="sm" wrap="nowrap" align="flex-start">
                    <Select
                      label="Facing"
                      labelProps={labelProps}
                      placeholder="Facing"
                      data={FACING_OPTIONS}
                      value={plot.facing || null}
                      onChange={(facing) => form.setPlot(index, { facing: (facing as Facing | null) ?? '' })}
                      error={form.errorOf(`plots.${index}.facing`)}
                      clearable
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <Checkbox
                      label="Corner"
                      checked={plot.corner}
                      onChange={(e) => form.setPlot(index, { corner: e.currentTarget.checked })}
                      mt={{ base: 30, sm: 8 }}
                    />
                  </Group>
                  <TextInput
                    className={classes.sector}
                    label="Sector / Phase"
                    labelProps={labelProps}
                    placeholder="Optional"
                    value={plot.sector}
                    onChange={(e) => form.setPlot(index, { sector: e.currentTarget.value })}
                    error={form.errorOf(`plots.${index}.sector`)}
                    maxLength={SECTOR_MAX_LENGTH}
                  />
                  <DecimalInput
                    className={classes.rate}
                    label="Rate per sq ft (₹)"
                    labelProps={labelProps}
                    placeholder="Optional"
                    leftSection="₹"
                    value={plot.listRate}
                    onChange={(v) => form.setPlot(index, { listRate: v })}
                    error={form.errorOf(`plots.${index}.listRate`)}
                  />
                  <DecimalInput
                    className={classes.price}
                    label="List Price (₹)"
                    labelProps={labelProps}
                    placeholder={listPriceHint(plot)}
                    title="Left blank, a sale starts from rate × size"
                    leftSection="₹"
                    value={plot.listPrice}
                    onChange={(v) => form.setPlot(index, { listPrice: v })}
                    error={form.errorOf(`plots.${index}.listPrice`)}
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
                    {plot.plotId !== undefined ? (
                      <>
                        <HistoryButton
                          iconOnly
                          target={{ entity: 'plot', entityId: plot.plotId, name: plot.plotName || rowName }}
                        />
                        <ArchiveButton
                          kind="plot"
                          id={plot.plotId}
                          name={plot.plotName || rowName}
                          archivedAt={plot.archivedAt}
                          onDone={(message) => notifications.show({ color: 'green', message })}
                        />
                      </>
                    ) : null}
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
              </div>
            </Fragment>
          );
        })}
        {rows.after > 0 ? <div style={{ height: rows.after }} aria-hidden /> : null}
      </Box>

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
