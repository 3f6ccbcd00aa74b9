/**
 * The layout plan's view (issue 21): the part of the drawing shown, as an SVG viewBox. Zoom keeps the point under
 * the finger or the centre still; the view never leaves the drawing and never zooms out past the whole of it.
 */
export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAX_ZOOM = 8;

/** `"0 0 400 300"` → a view, or null when it is not four numbers with a positive size. */
export function parseViewBox(text: string | null | undefined): ViewBox | null {
  const numbers = (text ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [x, y, width, height] = numbers as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

export const viewBoxText = (view: ViewBox) => `${view.x} ${view.y} ${view.width} ${view.height}`;

/** How far the view is zoomed in from the whole drawing (1 = all of it). */
export const zoomOf = (view: ViewBox, whole: ViewBox) => whole.width / view.width;

/** Keeps a view inside the drawing. */
function clamp(view: ViewBox, whole: ViewBox): ViewBox {
  const x = Math.min(Math.max(view.x, whole.x), whole.x + whole.width - view.width);
  const y = Math.min(Math.max(view.y, whole.y), whole.y + whole.height - view.height);
  return { ...view, x, y };
}

/**
 * Zooms by `factor` (> 1 in, < 1 out) about `at` (drawing units; the view's centre when left out), between the
 * whole drawing and MAX_ZOOM.
 */
export function zoomView(view: ViewBox, whole: ViewBox, factor: number, at?: { x: number; y: number }): ViewBox {
  const zoom = Math.min(Math.max(zoomOf(view, whole) * factor, 1), MAX_ZOOM);
  const width = whole.width / zoom;
  const height = whole.height / zoom;
  const cx = at?.x ?? view.x + view.width / 2;
  const cy = at?.y ?? view.y + view.height / 2;
  const scale = width / view.width;
  return clamp({ x: cx - (cx - view.x) * scale, y: cy - (cy - view.y) * scale, width, height }, whole);
}

/** Moves the view by a drag of `dx`, `dy` screen pixels on a plan drawn `screenWidth` pixels wide. */
export function panView(view: ViewBox, whole: ViewBox, dx: number, dy: number, screenWidth: number): ViewBox {
  const units = view.width / Math.max(screenWidth, 1);
  return clamp({ ...view, x: view.x - dx * units, y: view.y - dy * units }, whole);
}
