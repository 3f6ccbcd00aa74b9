import type { PlotBoardState } from '@plotbook/domain';

/**
 * The one palette of the plot board's states (issue 21): the tiles, the legend and the layout plan's shapes all
 * read it. Text on each fill meets WCAG AA (4.5:1); `border` tells the states apart without colour too (the tile
 * also names its state).
 */
export const BOARD_STATE_COLORS: Readonly<Record<PlotBoardState, { fill: string; text: string; border: string }>> = {
  available: { fill: '#e6f4ea', text: '#14532d', border: '#2f9e44' },
  held: { fill: '#fff4e0', text: '#7a3e00', border: '#f08c00' },
  sold: { fill: '#e7f0fd', text: '#123a73', border: '#1c7ed6' },
  paid: { fill: '#efe6fb', text: '#3f1d72', border: '#7048e8' },
  registered: { fill: '#e9ecef', text: '#212529', border: '#495057' },
  resale: { fill: '#e3f8f6', text: '#0b4f47', border: '#0ca678' },
};
