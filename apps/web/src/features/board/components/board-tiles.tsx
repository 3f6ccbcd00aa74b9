import {
  type BoardPlotDto,
  FACING_LABELS,
  formatIndiaDateTime,
  formatWholeRupees,
  PLOT_BOARD_STATE_LABELS,
  PLOT_BOARD_STATES,
  type PlotBoardState,
} from '@plotbook/domain';
import { type CSSProperties, memo, startTransition, useEffect, useState } from 'react';
import { BOARD_STATE_COLORS } from '../board-colors';
import { firstPaintTiles, firstPlots, holdDaysLeft, type SectorGroup } from '../board-filters';
import classes from './board-tiles.module.css';

/** Each state's colours as the CSS variables a tile reads: one object per state, shared by every tile. */
const STATE_STYLES = Object.fromEntries(
  PLOT_BOARD_STATES.map((state) => {
    const { fill, text, border } = BOARD_STATE_COLORS[state];
    return [state, { '--tile-fill': fill, '--tile-text': text, '--tile-border': border } as CSSProperties];
  }),
) as Record<PlotBoardState, CSSProperties>;

// One formatter for every tile: building an Intl.NumberFormat per call costs more than the rest of a tile.
const sqftFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const formatSqft = (size: number) => `${sqftFormat.format(size)} sq ft`;

/** What a screen reader says for a tile: the plot, its state and what matters about it. */
export function tileLabel(plot: BoardPlotDto): string {
  const parts = [plot.plotName, PLOT_BOARD_STATE_LABELS[plot.state], formatSqft(plot.size)];
  if (plot.facing) parts.push(`${FACING_LABELS[plot.facing]} facing`);
  if (plot.corner) parts.push('corner');
  if (plot.buyerName) parts.push(plot.buyerName);
  if (plot.hold) parts.push(`held for ${plot.hold.buyerName} until ${formatIndiaDateTime(plot.hold.heldUntil)}`);
  if (plot.overdue) parts.push('installment overdue');
  return parts.join(', ');
}

interface TileProps {
  plot: BoardPlotDto;
  isSelected: boolean;
  now: number;
  onOpen: (plotId: number) => void;
}

/** One plot: a plain button (no Mantine component), re-rendered only when its plot or selection changes. */
const PlotTile = memo(function PlotTile({ plot, isSelected, now, onOpen }: TileProps) {
  const buyer = plot.buyerName ?? (plot.hold ? `for ${plot.hold.buyerName}` : null);
  return (
    <li>
      <button
        type="button"
        className={isSelected ? `${classes.tile} ${classes.selected}` : classes.tile}
        style={STATE_STYLES[plot.state]}
        data-state={plot.state}
        data-plot-id={plot.plotId}
        aria-label={tileLabel(plot)}
        aria-haspopup="dialog"
        onClick={() => onOpen(plot.plotId)}
      >
        <span className={classes.top}>
          <span className={classes.name}>{plot.plotName}</span>
          {plot.facing || plot.corner ? (
            <span className={classes.facing}>
              {[plot.facing, plot.corner ? 'Cnr' : null].filter(Boolean).join(' · ')}
            </span>
          ) : null}
        </span>
        <span className={classes.state}>{PLOT_BOARD_STATE_LABELS[plot.state]}</span>
        <span className={classes.line}>{formatSqft(plot.size)}</span>
        {plot.listPrice !== null ? <span className={classes.price}>₹ {formatWholeRupees(plot.listPrice)}</span> : null}
        {buyer ? <span className={classes.line}>{buyer}</span> : null}
        {plot.hold || plot.overdue ? (
          <span className={classes.flags}>
            {plot.hold ? (
              <span className={`${classes.flag} ${classes.hold}`}>HOLD {holdDaysLeft(plot.hold.heldUntil, now)}</span>
            ) : null}
            {plot.overdue ? <span className={`${classes.flag} ${classes.overdue}`}>OVERDUE</span> : null}
          </span>
        ) : null}
      </button>
    </li>
  );
});

/** One sector's tiles under its name. */
const SectorTiles = memo(function SectorTiles({
  group,
  total,
  showTitle,
  selectedPlotId,
  now,
  onOpen,
}: {
  group: SectorGroup;
  /** Plots in the whole group (the first paint may show fewer). */
  total: number;
  showTitle: boolean;
  selectedPlotId: number | null;
  now: number;
  onOpen: (plotId: number) => void;
}) {
  const title = group.sector ?? 'No sector';
  return (
    <section className={classes.group} aria-label={showTitle ? `Sector ${title}` : 'Plots'}>
      {showTitle ? (
        <h2 className={classes.groupTitle}>
          {title} <span className={classes.groupCount}>{total} plots</span>
        </h2>
      ) : null}
      <ul className={classes.grid}>
        {group.plots.map((plot) => (
          <PlotTile
            key={plot.plotId}
            plot={plot}
            isSelected={plot.plotId === selectedPlotId}
            now={now}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  );
});

/**
 * The board's tiles, grouped by sector (a project without sectors shows one grid with no heading). A big board
 * paints its first screenful at once and the rest right after, as a transition a tap can interrupt. `now` is the
 * board's read time, so a hold's days left move with each new answer rather than with every render.
 */
export function BoardTiles({
  groups,
  selectedPlotId,
  now,
  onOpen,
}: {
  groups: SectorGroup[];
  selectedPlotId: number | null;
  now: number;
  onOpen: (plotId: number) => void;
}) {
  const [isWhole, setWhole] = useState(false);
  useEffect(() => {
    if (isWhole) return;
    const frame = requestAnimationFrame(() => startTransition(() => setWhole(true)));
    return () => cancelAnimationFrame(frame);
  }, [isWhole]);
  const shown = isWhole ? groups : firstPlots(groups, firstPaintTiles(window.innerWidth, window.innerHeight));
  const showTitles = groups.some((g) => g.sector !== null);
  return (
    <div>
      {shown.map((group, i) => (
        <SectorTiles
          key={group.sector ?? ''}
          group={group}
          total={groups[i]?.plots.length ?? group.plots.length}
          showTitle={showTitles}
          selectedPlotId={selectedPlotId}
          now={now}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}
