import { Text, type TextProps } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import classes from './fit-figure.module.css';

export interface FitFigureProps extends Omit<TextProps, 'fz'> {
  children: ReactNode;
  /** The size it takes when it fits, in px. */
  maxSize: number;
  /** The smallest it shrinks to before wrapping, in px. */
  minSize?: number;
  'data-testid'?: string;
}

/**
 * A card's figure (`₹ 1,82,50,001.00`) as large as fits its card: it shrinks a pixel at a time while wider than
 * the card, and wraps only if even `minSize` is too wide, so a crore amount is never cut off at any width.
 */
export function FitFigure({ children, maxSize, minSize = 14, ...props }: FitFigureProps) {
  const ref = useRef<HTMLDivElement>(null);

  // Runs after every render (the figure may have changed) and whenever the card's width changes.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      delete element.dataset.wrap;
      let size = maxSize;
      element.style.fontSize = `${size}px`;
      while (element.scrollWidth > element.clientWidth && size > minSize) {
        size -= 1;
        element.style.fontSize = `${size}px`;
      }
      if (element.scrollWidth > element.clientWidth) element.dataset.wrap = '';
    };
    fit();
    // A web font arriving later changes the width too.
    document.fonts?.ready.then(fit).catch(() => undefined);
    if (typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fit();
    });
    observer.observe(element);
    return () => observer.disconnect();
  });

  return (
    <Text ref={ref} className={classes.figure} style={{ fontSize: maxSize }} {...props}>
      {children}
    </Text>
  );
}
