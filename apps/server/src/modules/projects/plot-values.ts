import { type PlotAnswer, type ProjectCommand, toPaise } from '@plotbook/domain';
import { type PlotValues, plotColumns } from './project-writes.repository.js';

/** A plot's values three ways: from the form (rupees), from its answer (as stored), and for its trail rows. */

/** A plot as stored: its list rate and price in paise (the one place this form's rupees become paise). */
export function plotValuesOf(plot: ProjectCommand['plots'][number]): PlotValues {
  return {
    plotName: plot.plotName,
    totalPlotSize: plot.totalPlotSize,
    plotNumber: plot.plotNumber,
    listRatePaise: plot.listRate === null ? null : toPaise(plot.listRate),
    listPricePaise: plot.listPrice === null ? null : toPaise(plot.listPrice),
    facing: plot.facing,
    corner: plot.corner,
    sector: plot.sector,
  };
}

/** A plot's stored values as its answer gives them back (the "before" of an edit's or delete's trail row). */
export const storedPlot = (p: PlotAnswer): PlotValues => ({
  plotName: p.plotName,
  totalPlotSize: p.totalPlotSize,
  plotNumber: p.plotNumber,
  listRatePaise: p.listRate,
  listPricePaise: p.listPrice,
  facing: p.facing,
  corner: p.corner,
  sector: p.sector,
});

/** A plot's columns for the trail row of its creation or removal: a plot that is not a corner says nothing of it. */
export const recordedPlot = (plot: PlotValues) => ({ ...plotColumns(plot), corner: plot.corner || null });
