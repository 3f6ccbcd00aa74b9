import { z } from 'zod';
import { PLAN_KINDS, PLAN_MIME_TYPES } from './constants.js';

/**
 * A project's layout plan (issue 21): an SVG whose shapes name the plots, or an image (PNG, JPEG, WebP). The server
 * keeps the SVG only as rebuilt from these lists (modules/plans/plan-svg.ts); the web reads the same lists.
 */

export type PlanKind = (typeof PLAN_KINDS)[number];
export type PlanMimeType = (typeof PLAN_MIME_TYPES)[number];

/** The largest plan file, in bytes (5 MB). */
export const PLAN_MAX_BYTES = 5 * 1024 * 1024;
export const PLAN_TOO_LARGE = 'The plan is larger than 5 MB. Save it smaller (or as an SVG) and upload it again.';
export const PLAN_WRONG_TYPE = 'Upload the plan as an SVG, PNG, JPEG or WebP file.';

/** The SVG elements a plan keeps; any other element is dropped with everything inside it. */
export const PLAN_SVG_ELEMENTS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'polygon',
  'polyline',
  'line',
  'text',
  'tspan',
  'title',
  'desc',
] as const;

/** The elements that draw something: a plan with none of them left is refused. */
export const PLAN_DRAWABLE_ELEMENTS = ['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'line', 'text'];

/** The elements that may stand for a plot: a shape, or a group of shapes. */
export const PLAN_SHAPE_ELEMENTS = ['g', 'path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline'];

/** Presentation properties, kept as attributes and inside `style` (whose other properties are dropped). */
export const PLAN_SVG_PRESENTATION = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'display',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'writing-mode',
  'paint-order',
  'vector-effect',
  'clip-rule',
  'shape-rendering',
  'text-rendering',
] as const;

/** Geometry and naming attributes (no namespace), kept as they are once their value passes the value check. */
export const PLAN_SVG_ATTRIBUTES = [
  'id',
  'class',
  'data-plot',
  'x',
  'y',
  'width',
  'height',
  'rx',
  'ry',
  'cx',
  'cy',
  'r',
  'd',
  'points',
  'x1',
  'y1',
  'x2',
  'y2',
  'dx',
  'dy',
  'rotate',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'pathLength',
  'textLength',
  'lengthAdjust',
  'style',
  ...PLAN_SVG_PRESENTATION,
] as const;

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const INKSCAPE_NAMESPACE = 'http://www.inkscape.org/namespaces/inkscape';

/**
 * A value that may reach outside the plan or run something: `url(…)` (an external image, or a gradient that is not
 * kept anyway), `javascript:`/`data:`/`vbscript:` schemes, CSS `expression()`, `@import`, a CSS escape or a tag.
 */
export const planValueIsUnsafe = (value: string) =>
  /url\s*\(|expression\s*\(|@import|javascript\s*:|vbscript\s*:|data\s*:|behaviou?r\s*:|-moz-binding|[\\<>]/i.test(
    value,
  );

/**
 * The key a plot is known by on a plan: case, spaces, `_`/`-` and a leading "Plot" (with "No." or "#") left out,
 * and a number's leading zeros: `Plot 07`, `plot-7`, `PLOT_NO_7` and `7` are all `7`; `A-12` and `a 12` are `a12`.
 */
export function planKey(text: string | null | undefined): string {
  if (!text) return '';
  let key = text.normalize('NFKC').toLowerCase().trim();
  key = key.replace(/^plot(?:[\s_\-.]*(?:no\.?|number|#))?(?=[\s_\-.#:\d]|$)[\s_\-.#:]*/, '');
  key = key.replace(/[\s_-]+/g, '');
  if (/^\d+$/.test(key)) key = key.replace(/^0+(?=\d)/, '');
  return key;
}

/** What a plan's shape is named by, in the order they are tried: data-plot, inkscape:label, id, <title>. */
export interface PlanShapeNames {
  dataPlot?: string | null;
  label?: string | null;
  id?: string | null;
  title?: string | null;
}

export interface PlanPlot {
  plotId: number;
  plotName: string;
  plotNumber: string | null;
}

/**
 * Finds each plot on the plan (issue 21): a shape belongs to the plot whose name or number equals (by `planKey`) the
 * shape's data-plot, inkscape:label, id or <title>, the first of those that names a plot. Answers the plot of each
 * shape (null when it names none) and the plots no shape names, in their order.
 */
export function matchPlanShapes<P extends PlanPlot>(
  shapes: readonly PlanShapeNames[],
  plots: readonly P[],
): { shapePlots: (P | null)[]; unnamed: P[] } {
  const byKey = new Map<string, P>();
  // A plot's name wins over another plot's number with the same key.
  for (const plot of plots) {
    const key = planKey(plot.plotName);
    if (key && !byKey.has(key)) byKey.set(key, plot);
  }
  for (const plot of plots) {
    const key = planKey(plot.plotNumber);
    if (key && !byKey.has(key)) byKey.set(key, plot);
  }
  const named = new Set<number>();
  const shapePlots = shapes.map((shape) => {
    for (const name of [shape.dataPlot, shape.label, shape.id, shape.title]) {
      const plot = byKey.get(planKey(name));
      if (plot) {
        named.add(plot.plotId);
        return plot;
      }
    }
    return null;
  });
  return { shapePlots, unnamed: plots.filter((plot) => !named.has(plot.plotId)) };
}

/** `GET /api/project/{projectId}/plan/info` and the answer of `PUT …/plan`: the plan, without its bytes. */
export const planInfoSchema = z.object({
  projectId: z.number(),
  kind: z.enum(PLAN_KINDS),
  mime: z.enum(PLAN_MIME_TYPES),
  fileName: z.string().nullable(),
  /** Bytes as stored (an SVG after cleaning). */
  size: z.number(),
  uploadedAt: z.string(),
});
export type PlanInfoDto = z.output<typeof planInfoSchema>;

export const projectPlanSchema = z.object({ plan: planInfoSchema.nullable() });
export type ProjectPlanDto = z.output<typeof projectPlanSchema>;

/** `PUT …/plan?fileName=`: the name the file had on the user's machine, kept to show it. */
export const planUploadQuerySchema = z.object({
  fileName: z
    .string()
    .max(200, 'The file name is longer than 200 characters')
    .transform((name) => name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
    .optional(),
});
