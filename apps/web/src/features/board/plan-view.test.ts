import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, panView, parseViewBox, viewBoxText, zoomOf, zoomView } from './plan-view';

const whole = { x: 0, y: 0, width: 1000, height: 600 };

describe('the layout plan view', () => {
  it('reads a viewBox, and refuses what is not one', () => {
    expect(parseViewBox('0 0 1000 600')).toEqual(whole);
    expect(parseViewBox(' 10,20, 30 40 ')).toEqual({ x: 10, y: 20, width: 30, height: 40 });
    expect(parseViewBox('0 0 0 10')).toBeNull();
    expect(parseViewBox('0 0 100')).toBeNull();
    expect(parseViewBox(null)).toBeNull();
    expect(viewBoxText(whole)).toBe('0 0 1000 600');
  });

  it('zooms in about the centre or a point, which stays where it was on screen', () => {
    const centre = zoomView(whole, whole, 2);
    expect(centre).toEqual({ x: 250, y: 150, width: 500, height: 300 });
    const atCorner = zoomView(whole, whole, 2, { x: 100, y: 100 });
    // (100, 100) was 10 % across and 1/6 down the view, and still is.
    expect((100 - atCorner.x) / atCorner.width).toBeCloseTo(0.1);
    expect((100 - atCorner.y) / atCorner.height).toBeCloseTo(1 / 6);
  });

  it('never zooms out past the whole drawing nor in past MAX_ZOOM, and stays inside the drawing', () => {
    expect(zoomView(zoomView(whole, whole, 2), whole, 0.1)).toEqual(whole);
    expect(zoomOf(zoomView(whole, whole, 100), whole)).toBe(MAX_ZOOM);
    const zoomed = zoomView(whole, whole, 4);
    expect(panView(zoomed, whole, 10_000, 10_000, 390)).toMatchObject({ x: 0, y: 0 });
    expect(panView(zoomed, whole, -10_000, -10_000, 390)).toMatchObject({ x: 750, y: 450 });
    // A drag of 39 px on a plan 390 px wide moves a tenth of the view.
    expect(panView(zoomed, whole, -39, 0, 390).x).toBeCloseTo(zoomed.x + 25);
    expect(panView(whole, whole, 50, 50, 390)).toEqual(whole);
  });
});
