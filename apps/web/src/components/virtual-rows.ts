import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type FocusEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Below this many rows every row is rendered: short lists keep their plain DOM (and Ctrl+F finds every row). */
export const VIRTUAL_ROWS_FROM = 100;

export interface VirtualRowsOptions {
  count: number;
  /** A first guess of a row's height in px (rows are measured once rendered). */
  estimateSize: number;
  getItemKey: (index: number) => string | number;
  /** Rows rendered beyond each edge of the window: Tab and Shift+Tab always find the next row in the page. */
  overscan?: number;
  /** false: every row is rendered, however many. */
  enabled?: boolean;
}

export interface VirtualRows {
  /** The indexes to render, in order. */
  indexes: number[];
  /** Heights of the spacers that stand for the rows not rendered, above and below. */
  before: number;
  after: number;
  /**
   * The space before each rendered row (aligned with `indexes`; the first is `before`). Only a list that keeps its
   * focused row (onFocus) has gaps inside: the focused row stays at its own place while the rows near the window
   * are far from it.
   */
  gaps: number[];
  isVirtual: boolean;
  /** On the element that holds the rows (the spacers included): where the list starts in the page. */
  listRef: (element: HTMLElement | null) => void;
  /** On each rendered row, with `data-index={index}`: its real height. */
  measureRef: (element: Element | null) => void;
  /** On the list: the row holding the focus stays rendered while it is scrolled away. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  /** On the list: once the focus moves to something outside it, no row needs keeping. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

const measureNothing = () => {};

/**
 * Long lists render only the rows near the window's scroll position (the page scrolls, not the list), with
 * spacers for the others, so a 1,000-plot project or a 5,000-row list renders and scrolls like a short one.
 * Focus moves keep working: the browser scrolls a newly focused row into view, the window follows, and the
 * overscan keeps the next row in the page.
 */
export function useVirtualRows({
  count,
  estimateSize,
  getItemKey,
  overscan = 10,
  enabled = true,
}: VirtualRowsOptions): VirtualRows {
  const isVirtual = enabled && count >= VIRTUAL_ROWS_FROM;
  const [list, setList] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const focused = useRef<number | null>(null);

  // The list's offset in the page moves when something above it changes (a message, a wrapped heading).
  useLayoutEffect(() => {
    if (!isVirtual || !list) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((old) => (Math.abs(old - top) < 1 ? old : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [isVirtual, list]);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const index = focused.current;
    if (index === null || index >= range.count || indexes.includes(index)) return indexes;
    return [...indexes, index].sort((a, b) => a - b);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: isVirtual ? count : 0,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan,
    scrollMargin,
    rangeExtractor,
  });

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest('[data-index]');
    const index = Number(row?.getAttribute('data-index'));
    focused.current = Number.isInteger(index) ? index : null;
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    // relatedTarget is null when the window itself loses the focus: the row keeps it, so it stays.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) focused.current = null;
  }, []);

  if (!isVirtual) {
    return {
      indexes: Array.from({ length: count }, (_, i) => i),
      before: 0,
      after: 0,
      gaps: Array.from({ length: count }, () => 0),
      isVirtual,
      listRef: setList,
      measureRef: measureNothing,
      onFocus,
      onBlur,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
    gaps: items.map((item, k) => item.start - (k === 0 ? scrollMargin : (items[k - 1]?.end ?? item.start))),
    isVirtual,
    listRef: setList,
    measureRef: virtualizer.measureElement,
    onFocus,
    onBlur,
  };
}
