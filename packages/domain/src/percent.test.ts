import { describe, expect, it } from 'vitest';
import { projectShare, shareOverMessage } from './percent.js';

describe('projectShare', () => {
  it('counts the share asked for in what is left', () => {
    expect(projectShare(0, 33.33)).toEqual({ total: 33.33, available: 100, left: 66.67, isOver: false });
    expect(projectShare(33.33, 66.67)).toEqual({ total: 100, available: 66.67, left: 0, isOver: false });
  });

  it('leaves everything the others did not take when no share is given', () => {
    expect(projectShare(40.1, null)).toEqual({ total: 40.1, available: 59.9, left: 59.9, isOver: false });
    expect(projectShare(0, undefined).left).toBe(100);
  });

  it('is over when the shares pass 100 % by a hundredth', () => {
    expect(projectShare(33.33, 66.68)).toEqual({ total: 100.01, available: 66.67, left: 0, isOver: true });
    expect(projectShare(100, 0.01).isOver).toBe(true);
  });
});

describe('shareOverMessage', () => {
  it('names the project, the total and what is left', () => {
    expect(shareOverMessage('Green Valley', 60, 50)).toBe(
      'Shares in Green Valley would add up to 110%; they may not exceed 100%. At most 40% is left.',
    );
  });

  it('is null for a share that fits', () => {
    expect(shareOverMessage('Green Valley', 33.33, 66.67)).toBeNull();
    expect(shareOverMessage('Green Valley', 100, null)).toBeNull();
  });
});
