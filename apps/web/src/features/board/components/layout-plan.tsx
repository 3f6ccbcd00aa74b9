import { ActionIcon, Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { matchPlanShapes, PLOT_BOARD_STATE_LABELS, type PlanKind, type PlotBoardState } from '@plotbook/domain';
import { IconAlertCircle, IconArrowsMinimize, IconMinus, IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePlanFile } from '../api/plan';
import { BOARD_STATE_COLORS } from '../board-colors';
import { panView, type ViewBox, viewBoxText, zoomOf, zoomView } from '../plan-view';
import classes from './layout-plan.module.css';
import { buildPlan, type MountedPlan, paintTargets } from './plan-svg-dom';

/** A plot as the plan needs it (a board plot is one). */
export interface LayoutPlanPlot {
  plotId: number;
  plotName: string;
  plotNumber: string | null;
  state: PlotBoardState;
}

export interface LayoutPlanProps {
  projectId: number;
  /** The board's `plan` (kind and upload time), null when the project has none. */
  plan: { kind: PlanKind; uploadedAt: string } | null;
  plots: readonly LayoutPlanPlot[];
  onSelectPlot: (plotId: number) => void;
}

/**
 * A project's layout plan (issue 21). An SVG is drawn inline with each plot's shape (found by `matchPlanShapes`)
 * filled by its state's colour, focusable and tappable; zoom with the buttons, a pinch or ctrl+wheel, drag to move;
 * the plots the plan does not name are listed below it. An image is shown as it is, to sit beside the tiles.
 */
export function LayoutPlan({ projectId, plan, plots, onSelectPlot }: LayoutPlanProps) {
  const file = usePlanFile(projectId, plan?.uploadedAt ?? null);
  if (!plan) return null;
  if (file.isPending) return <Skeleton height={260} radius="md" aria-label="Loading the layout plan" />;
  if (file.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the layout plan">
        <Group gap="sm">
          <Text size="sm">{file.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => file.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (file.data.kind === 'image') return <ImagePlan blob={file.data.blob} />;
  return <SvgPlan text={file.data.text} plots={plots} onSelectPlot={onSelectPlot} />;
}

function ImagePlan({ blob }: { blob: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return (
    <Stack gap={4}>
      <Paper className={classes.frame}>{url && <img src={url} alt="Layout plan" className={classes.image} />}</Paper>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener" size="sm">
          Open the plan full size
        </Anchor>
      )}
    </Stack>
  );
}

const POINTER_SLOP = 6;
const PAINT = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'vector-effect'] as const;
/** A shape's own paint before the plan coloured it, to put back if it stops naming a plot. */
const ownPaint = new WeakMap<SVGElement, Record<string, string | null>>();

/**
 * Colours a shape by its plot's state (attributes, so the hover and focus rules of the stylesheet still win over
 * them; the shape's own inline fill and stroke are set aside) and makes it a button for the plot; or undoes that.
 */
function paintShape(element: SVGElement, plot: LayoutPlanPlot | null) {
  const interactive = ['data-plan-plot', 'data-state', 'tabindex', 'role', 'aria-label'];
  if (!plot) {
    if (!element.hasAttribute('data-plan-plot')) return;
    for (const attribute of interactive) element.removeAttribute(attribute);
    for (const target of paintTargets(element)) {
      const own = ownPaint.get(target) ?? {};
      for (const [name, value] of Object.entries(own)) {
        if (value === null) target.removeAttribute(name);
        else target.setAttribute(name, value);
      }
    }
    return;
  }
  const colors = BOARD_STATE_COLORS[plot.state];
  element.setAttribute('data-plan-plot', String(plot.plotId));
  element.setAttribute('data-state', plot.state);
  element.setAttribute('tabindex', '0');
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', `${plot.plotName}: ${PLOT_BOARD_STATE_LABELS[plot.state]}`);
  for (const target of paintTargets(element)) {
    if (!ownPaint.has(target)) {
      ownPaint.set(target, Object.fromEntries([...PAINT, 'style'].map((name) => [name, target.getAttribute(name)])));
    }
    for (const name of PAINT) target.style.removeProperty(name);
    target.setAttribute('fill', colors.border);
    target.setAttribute('fill-opacity', '0.45');
    target.setAttribute('stroke', colors.text);
    target.setAttribute('stroke-width', '2');
    target.setAttribute('vector-effect', 'non-scaling-stroke');
  }
}

function SvgPlan({ text, plots, onSelectPlot }: Omit<LayoutPlanProps, 'projectId' | 'plan'> & { text: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState<MountedPlan | null | 'broken'>(null);
  const [view, setView] = useState<ViewBox | null>(null);
  const gesture = useRef<{
    pointers: Map<number, { x: number; y: number }>;
    start: { x: number; y: number; view: ViewBox; distance: number } | null;
    moved: boolean;
  }>({ pointers: new Map(), start: null, moved: false });

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const built = buildPlan(text);
    if (!built) {
      setMounted('broken');
      return;
    }
    host.replaceChildren(built.svg);
    built.whole ??= (() => {
      const box = built.svg.getBBox();
      return { x: box.x, y: box.y, width: box.width || 1, height: box.height || 1 };
    })();
    setMounted(built);
    setView(built.whole);
    return () => host.replaceChildren();
  }, [text]);

  const match = useMemo(
    () =>
      mounted && mounted !== 'broken'
        ? matchPlanShapes(
            mounted.shapes.map((s) => s.names),
            plots,
          )
        : null,
    [mounted, plots],
  );

  // Paint each named shape by its plot's state, and make it a button for that plot.
  useLayoutEffect(() => {
    if (!mounted || mounted === 'broken' || !match) return;
    for (const [i, { element }] of mounted.shapes.entries()) paintShape(element, match.shapePlots[i] ?? null);
  }, [mounted, match]);

  useLayoutEffect(() => {
    if (mounted && mounted !== 'broken' && view) mounted.svg.setAttribute('viewBox', viewBoxText(view));
  }, [mounted, view]);

  if (mounted === 'broken') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
        The layout plan could not be drawn. Upload it again from Edit Project.
      </Alert>
    );
  }
  const whole = mounted?.whole ?? null;
  const zoomed = whole && view ? zoomOf(view, whole) > 1.001 : false;
  const zoomBy = (factor: number, at?: { x: number; y: number }) =>
    setView((current) => (current && whole ? zoomView(current, whole, factor, at) : current));

  /** A screen point → drawing units. */
  const toDrawing = (clientX: number, clientY: number) => {
    const host = hostRef.current;
    if (!host || !view) return undefined;
    const box = host.getBoundingClientRect();
    return {
      x: view.x + ((clientX - box.left) / box.width) * view.width,
      y: view.y + ((clientY - box.top) / box.height) * view.height,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...g.pointers.values()];
    if (!view) return;
    if (points.length === 1) {
      g.moved = false;
      g.start = { x: event.clientX, y: event.clientY, view, distance: 0 };
    } else if (points.length === 2) {
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      g.start = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, view, distance: Math.hypot(a.x - b.x, a.y - b.y) };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId) || !g.start || !whole) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...g.pointers.values()];
    const width = hostRef.current?.getBoundingClientRect().width ?? 1;
    if (points.length >= 2 && g.start.distance > 0) {
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      const factor = Math.hypot(a.x - b.x, a.y - b.y) / g.start.distance;
      g.moved = true;
      setView(zoomView(g.start.view, whole, factor, toDrawing(g.start.x, g.start.y)));
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) < POINTER_SLOP) return;
    if (!zoomed) return;
    g.moved = true;
    hostRef.current?.setPointerCapture(event.pointerId);
    setView(panView(g.start.view, whole, dx, dy, width));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    g.pointers.delete(event.pointerId);
    if (g.pointers.size === 0) g.start = null;
  };
  const plotOf = (target: EventTarget) =>
    target instanceof Element ? target.closest<SVGElement>('[data-plan-plot]') : null;
  const onClick = (event: { target: EventTarget }) => {
    if (gesture.current.moved) {
      gesture.current.moved = false;
      return;
    }
    const shape = plotOf(event.target);
    if (shape) onSelectPlot(Number(shape.dataset.planPlot));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const shape = plotOf(event.target);
    if (shape && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onSelectPlot(Number(shape.dataset.planPlot));
    } else if (event.key === '+' || event.key === '=') zoomBy(1.5);
    else if (event.key === '-') zoomBy(1 / 1.5);
    else if (event.key === '0' && whole) setView(whole);
  };

  const unnamed = match?.unnamed ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          Tap a plot on the plan to open it. Zoom with + and −, then drag to move.
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="xl" aria-label="Zoom in" onClick={() => zoomBy(1.5)}>
            <IconPlus size={20} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="xl"
            aria-label="Zoom out"
            disabled={!zoomed}
            onClick={() => zoomBy(1 / 1.5)}
          >
            <IconMinus size={20} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="xl"
            aria-label="Show the whole plan"
            disabled={!zoomed}
            onClick={() => whole && setView(whole)}
          >
            <IconArrowsMinimize size={20} />
          </ActionIcon>
        </Group>
      </Group>
      <Paper className={classes.frame}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the plan's shapes inside are the buttons (role, tabindex, Enter). */}
        <div
          ref={hostRef}
          className={classes.host}
          style={{ touchAction: zoomed ? 'none' : 'pan-y' }}
          data-testid="layout-plan"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onWheel={(event) => {
            if (!event.ctrlKey && !event.metaKey) return;
            event.preventDefault();
            zoomBy(event.deltaY < 0 ? 1.25 : 1 / 1.25, toDrawing(event.clientX, event.clientY));
          }}
        />
      </Paper>
      {match &&
        (unnamed.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every plot is on the plan.
          </Text>
        ) : (
          <Stack gap={4} aria-label="Plots not on the plan">
            <Text size="sm" fw={600}>
              Not on the plan ({unnamed.length})
            </Text>
            <Group gap={6}>
              {unnamed.map((plot) => (
                <Button
                  key={plot.plotId}
                  size="compact-sm"
                  variant="default"
                  onClick={() => onSelectPlot(plot.plotId)}
                  styles={{ root: { borderColor: BOARD_STATE_COLORS[plot.state].border, minHeight: 32 } }}
                  aria-label={`${plot.plotName}: ${PLOT_BOARD_STATE_LABELS[plot.state]}`}
                >
                  {plot.plotName}
                </Button>
              ))}
            </Group>
          </Stack>
        ))}
    </Stack>
  );
}
