import {
  INKSCAPE_NAMESPACE,
  PLAN_SHAPE_ELEMENTS,
  PLAN_SVG_ATTRIBUTES,
  PLAN_SVG_ELEMENTS,
  type PlanShapeNames,
  planValueIsUnsafe,
  SVG_NAMESPACE,
} from '@plotbook/domain';
import { parseViewBox, type ViewBox } from '../plan-view';

const ELEMENTS = new Set<string>(PLAN_SVG_ELEMENTS);
const ATTRIBUTES = new Set<string>(PLAN_SVG_ATTRIBUTES);
const SHAPES = new Set<string>(PLAN_SHAPE_ELEMENTS);

export interface MountedPlan {
  svg: SVGSVGElement;
  /** The elements that may stand for a plot, with what names them. */
  shapes: { element: SVGElement; names: PlanShapeNames }[];
  whole: ViewBox | null;
}

/** Keeps only the allowlisted elements and attributes (the server cleaned the plan; this holds it to that). */
function holdToAllowlist(root: Element) {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.namespaceURI !== SVG_NAMESPACE || !ELEMENTS.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const inkscapeLabel = attribute.namespaceURI === INKSCAPE_NAMESPACE && attribute.localName === 'label';
      const declaration = attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:');
      const allowed =
        inkscapeLabel || declaration || (attribute.namespaceURI === null && ATTRIBUTES.has(attribute.name));
      if (!allowed || planValueIsUnsafe(attribute.value)) element.removeAttribute(attribute.name);
    }
  }
}

/** The plan's SVG text (as the server cleaned it) → an element for this page, or null when it is not an SVG. */
export function buildPlan(text: string): MountedPlan | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.namespaceURI !== SVG_NAMESPACE || root.localName !== 'svg' || doc.querySelector('parsererror')) return null;
  holdToAllowlist(root);
  const svg = document.importNode(root, true) as unknown as SVGSVGElement;
  const whole =
    parseViewBox(svg.getAttribute('viewBox')) ??
    parseViewBox(
      `0 0 ${Number.parseFloat(svg.getAttribute('width') ?? '')} ${Number.parseFloat(svg.getAttribute('height') ?? '')}`,
    );
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const shapes: MountedPlan['shapes'] = [];
  for (const element of svg.querySelectorAll<SVGElement>('*')) {
    if (!SHAPES.has(element.localName)) continue;
    const title = [...element.children].find((child) => child.localName === 'title');
    shapes.push({
      element,
      names: {
        dataPlot: element.getAttribute('data-plot'),
        label: element.getAttributeNS(INKSCAPE_NAMESPACE, 'label'),
        id: element.getAttribute('id'),
        title: title?.textContent ?? null,
      },
    });
  }
  return { svg, shapes, whole };
}

/** The shapes a plot's colour goes on: the element, or a group's own shapes. */
export const paintTargets = (element: SVGElement): SVGElement[] =>
  element.localName === 'g'
    ? [...element.querySelectorAll<SVGElement>('path, rect, circle, ellipse, polygon, polyline')]
    : [element];
