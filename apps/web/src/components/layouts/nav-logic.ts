import { matchPath } from 'react-router';

/** A sidebar entry: its screen's path and the screens reached from it, which keep it marked (e.g. Registered Plots). */
export interface NavTarget {
  path: string;
  /** Route patterns (`/view-sales/:projectId`) of the screens opened from this one. */
  children?: readonly string[];
}

/** The item's own screen, any address under it (`/project/5`), or one of the screens opened from it. */
export function isNavItemActive(pathname: string, item: NavTarget): boolean {
  if (pathname === item.path || pathname.startsWith(`${item.path}/`)) return true;
  return (item.children ?? []).some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** Which way a scrolled list has more to show; a pixel of slack absorbs fractional sizes. */
export function scrollCue(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): {
  hasMoreAbove: boolean;
  hasMoreBelow: boolean;
} {
  return {
    hasMoreAbove: box.scrollTop > 1,
    hasMoreBelow: box.scrollTop + box.clientHeight < box.scrollHeight - 1,
  };
}
