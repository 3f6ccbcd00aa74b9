import { describe, expect, it } from 'vitest';
import { isNavItemActive, scrollCue } from './nav-logic';

describe('sidebar logic', () => {
  const sale = { path: '/sale', children: ['/view-sales/:projectId'] };
  const registration = { path: '/registration-plot', children: ['/registrations'] };

  it('marks the item of the screen a page was opened from', () => {
    expect(isNavItemActive('/view-sales/3', sale)).toBe(true);
    expect(isNavItemActive('/view-sales/0', sale)).toBe(true);
    expect(isNavItemActive('/registrations', registration)).toBe(true);
    expect(isNavItemActive('/registration-plot', registration)).toBe(true);
  });

  it('marks an item for its own address and the addresses under it, and no other', () => {
    expect(isNavItemActive('/project/5', { path: '/project' })).toBe(true);
    expect(isNavItemActive('/projects', { path: '/project' })).toBe(false);
    expect(isNavItemActive('/sale', registration)).toBe(false);
    expect(isNavItemActive('/view-sales', sale)).toBe(false);
    expect(isNavItemActive('/registrations/2', registration)).toBe(false);
  });

  it('says which way a scrolled menu has more items', () => {
    expect(scrollCue({ scrollTop: 0, clientHeight: 500, scrollHeight: 500 })).toEqual({
      hasMoreAbove: false,
      hasMoreBelow: false,
    });
    expect(scrollCue({ scrollTop: 0, clientHeight: 500, scrollHeight: 620 })).toEqual({
      hasMoreAbove: false,
      hasMoreBelow: true,
    });
    expect(scrollCue({ scrollTop: 120, clientHeight: 500, scrollHeight: 620.5 })).toEqual({
      hasMoreAbove: true,
      hasMoreBelow: false,
    });
    expect(scrollCue({ scrollTop: 60, clientHeight: 500, scrollHeight: 620 })).toEqual({
      hasMoreAbove: true,
      hasMoreBelow: true,
    });
  });
});
