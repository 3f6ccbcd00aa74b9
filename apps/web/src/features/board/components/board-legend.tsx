import {
  type BoardPlotDto,
  boardLegend,
  formatNumber,
  PLOT_BOARD_STATE_LABELS,
  PLOT_BOARD_STATES,
  type PlotBoardState,
  pluralize,
} from '@plotbook/domain';
import type { CSSProperties } from 'react';
import { BOARD_STATE_COLORS } from '../board-colors';
import classes from './board-legend.module.css';

/**
 * Each state's colour, count and area (sq ft) over the plots the other filters keep; a state is also a toggle that
 * shows only the states pressed.
 */
export function BoardLegend({
  plots,
  pressed,
  onToggle,
}: {
  plots: readonly BoardPlotDto[];
  pressed: readonly PlotBoardState[];
  onToggle: (state: PlotBoardState) => void;
}) {
  const legend = boardLegend(plots);
  return (
    <ul className={classes.legend} aria-label="Legend: plots by state">
      {PLOT_BOARD_STATES.map((state) => {
        const { count, area } = legend.get(state) ?? { count: 0, area: 0 };
        const { fill, border } = BOARD_STATE_COLORS[state];
        const label = PLOT_BOARD_STATE_LABELS[state];
        return (
          <li key={state}>
            <button
              type="button"
              className={classes.item}
              style={{ '--swatch-fill': fill, '--swatch-border': border } as CSSProperties}
              aria-pressed={pressed.includes(state)}
              aria-label={`${label}: ${pluralize(count, 'plot')}, ${formatNumber(area)} sq ft`}
              title={`Show only ${label.toLowerCase()} plots (press again to show all)`}
              data-state={state}
              onClick={() => onToggle(state)}
            >
              <span className={classes.swatch} aria-hidden />
              <span>
                <span className={classes.label}>{label}</span>
                <br />
                <span className={classes.figures} data-testid={`legend-${state}`}>
                  {count} · {formatNumber(area)} sq ft
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
