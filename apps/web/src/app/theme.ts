import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import type { SyntheticEvent } from 'react';

/**
 * A calm green that reads as land and growth. Shade 8 (filled buttons, brand text) and 9 (text of light
 * badges and the active menu item) are dark enough for WCAG AA: white on 8 is 6:1, 9 on shade 1 is 6:1.
 */
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#08714f',
  '#066649',
];

/** Mantine's palette with one shade darkened, so text in that shade keeps a 4.5:1 contrast (WCAG AA). */
const darker = (name: 'gray' | 'green' | 'orange', shade: number, color: string) =>
  DEFAULT_THEME.colors[name].map((c, i) => (i === shade ? color : c)) as unknown as MantineColorsTuple;

const fontStack =
  "Inter, 'Inter var', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function selectText(event: SyntheticEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  // After the click has placed the caret.
  requestAnimationFrame(() => {
    if (document.activeElement === input) input.select();
  });
}

export const theme = createTheme({
  colors: {
    brand,
    // Dimmed text (gray 6) on the page's light grey, and light green/orange badges (text in shade 9 on shade 1).
    gray: darker('gray', 6, '#666d75'),
    green: darker('green', 9, '#237032'),
    orange: darker('orange', 9, '#a8380a'),
  },
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg', shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Typing in any dropdown filters its options (a chosen value's text is selected on focus and click, so typing replaces
    // it and searches instead of adding to it and matching nothing).
    Select: { defaultProps: { searchable: true, onFocus: selectText, onClick: selectText } },
    // Mantine's close buttons are an icon alone: give every dialog's and notification's one a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});
