import {
  type Facing,
  type ProjectInput,
  type ProjectWithPlotsDto,
  plotsOverflow,
  projectInputSchema,
  zodFieldErrors,
} from '@plotbook/domain';
import { zodResolver } from '../../../lib/form';

/** A number input's value: `''` while empty. */
export type NumberValue = number | '';

export interface PlotRow {
  /** Stable React key; new rows get a fresh one. */
  key: string;
  plotId?: number;
  plotName: string;
  totalPlotSize: NumberValue;
  plotNumber: string;
  /** The list rate (₹ per sq ft) and list price (₹), facing, corner and sector/phase: all optional (issue 21). */
  listRate: NumberValue;
  listPrice: NumberValue;
  facing: Facing | '';
  corner: boolean;
  sector: string;
  isSold: boolean;
  isRegistered: boolean;
  /** A saved plot that is archived (kept, out of the pickers): when. */
  archivedAt?: string | null;
}

export interface ProjectFormValues {
  projectName: string;
  city: string;
  totalArea: NumberValue;
  totalRate: NumberValue;
  isSaleable: boolean;
  roadArea: NumberValue;
  mandirArea: NumberValue;
  amenitiesArea: NumberValue;
  plots: PlotRow[];
}

let nextKey = 0;
export const newRowKey = () => `plot-${++nextKey}`;

export const blankPlot = (): PlotRow => ({
  key: newRowKey(),
  plotName: '',
  totalPlotSize: '',
  plotNumber: '',
  listRate: '',
  listPrice: '',
  facing: '',
  corner: false,
  sector: '',
  isSold: false,
  isRegistered: false,
});

export const emptyProject = (): ProjectFormValues => ({
  projectName: '',
  city: '',
  totalArea: '',
  totalRate: '',
  isSaleable: false,
  roadArea: '',
  mandirArea: '',
  amenitiesArea: '',
  plots: [blankPlot()],
});

/** 0 for an empty or half-typed input, for the live totals. */
export const num = (value: NumberValue): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const orUndefined = (value: NumberValue) => (value === '' ? undefined : value);
const orNull = (value: NumberValue) => (value === '' ? null : value);

export function fromProject(project: ProjectWithPlotsDto): ProjectFormValues {
  const isSaleable = project.saleableOption === 'yes';
  return {
    projectName: project.projectName,
    city: project.city,
    totalArea: project.totalArea,
    totalRate: project.totalRate,
    isSaleable,
    roadArea: isSaleable ? project.roadArea : '',
    mandirArea: isSaleable ? project.mandirArea : '',
    amenitiesArea: isSaleable ? project.amenitiesArea : '',
    plots: project.plots.map((p) => ({
      key: newRowKey(),
      plotId: p.plotId,
      plotName: p.plotName,
      totalPlotSize: p.totalPlotSize,
      plotNumber: p.plotNumber ?? '',
      listRate: p.listRate ?? '',
      listPrice: p.listPrice ?? '',
      facing: p.facing ?? '',
      corner: p.corner,
      sector: p.sector ?? '',
      isSold: p.isSold,
      isRegistered: p.isRegistered,
      archivedAt: (p as { archivedAt?: string | null }).archivedAt ?? null,
    })),
  };
}

/** What the form sends before it is checked: an empty number stays undefined. */
export type ProjectDraft = Omit<ProjectInput, 'totalArea' | 'totalRate' | 'plots'> & {
  totalArea: number | undefined;
  totalRate: number | undefined;
  plots: (Omit<ProjectInput['plots'][number], 'totalPlotSize'> & { totalPlotSize: number | undefined })[];
};

/** The API payload; empty numbers stay undefined so the shared schema answers "Please fill all required fields." */
export function toDraft(values: ProjectFormValues): ProjectDraft {
  return {
    projectName: values.projectName,
    city: values.city,
    totalArea: orUndefined(values.totalArea),
    totalRate: orUndefined(values.totalRate),
    saleableOption: values.isSaleable ? 'yes' : 'no',
    roadArea: values.isSaleable ? orUndefined(values.roadArea) : undefined,
    mandirArea: values.isSaleable ? orUndefined(values.mandirArea) : undefined,
    amenitiesArea: values.isSaleable ? orUndefined(values.amenitiesArea) : undefined,
    plots: values.plots.map((p) => ({
      plotId: p.plotId,
      plotName: p.plotName,
      totalPlotSize: orUndefined(p.totalPlotSize),
      plotNumber: p.plotNumber,
      listRate: orNull(p.listRate),
      listPrice: orNull(p.listPrice),
      facing: p.facing === '' ? null : p.facing,
      corner: p.corner,
      sector: p.sector,
    })),
  };
}

/** The form's field errors from the shared schema (for `@mantine/form`), keyed `projectName`, `plots.2.plotName`, … */
export const validateProjectFields = zodResolver<ProjectFormValues>(projectInputSchema, toDraft);

export const REQUIRED_MESSAGE = 'Please fill all required fields.';
export const EXCEEDS_MESSAGES = {
  total: 'Sum of plot sizes cannot exceed Total Area.',
  saleable: 'Sum of plot sizes cannot exceed Saleable Area.',
} as const;

/** The areas the plot sizes are checked against. */
export function areasOf(values: ProjectFormValues) {
  return {
    totalArea: num(values.totalArea),
    isSaleable: values.isSaleable,
    roadArea: num(values.roadArea),
    mandirArea: num(values.mandirArea),
    amenitiesArea: num(values.amenitiesArea),
  };
}

export type ProjectCheck =
  | { isValid: true; input: ProjectInput }
  | { isValid: false; message: string; errors: Record<string, string> | null };

/**
 * The spec's check on Save: the shared schema (its first message, or "Please fill all required fields." when a
 * required one is empty), then the plot sizes against the area. `errors` null: the fields are not to blame.
 */
export function checkProject(values: ProjectFormValues): ProjectCheck {
  const draft = toDraft(values);
  const parsed = projectInputSchema.safeParse(draft);
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    const isMissing = Object.values(errors).includes(REQUIRED_MESSAGE);
    return { isValid: false, errors, message: isMissing ? REQUIRED_MESSAGE : (parsed.error.issues[0]?.message ?? '') };
  }
  const { totalArea, totalRate, plots } = parsed.data;
  const overflow = plotsOverflow(
    areasOf(values),
    plots.map((p) => p.totalPlotSize),
  );
  if (overflow) return { isValid: false, errors: null, message: EXCEEDS_MESSAGES[overflow] };
  return {
    isValid: true,
    input: {
      ...draft,
      totalArea,
      totalRate,
      plots: draft.plots.map((p, i) => ({ ...p, totalPlotSize: plots[i]?.totalPlotSize ?? 0 })),
    },
  };
}

/**
 * Which plot rows hold a refused field, as the row numbers the screen shows ("Check plot rows 3, 17 and 300."):
 * on a project of hundreds of plots the row to fix may be far from the message. Null when no plot is to blame.
 */
export function plotRowsToCheck(errors: Record<string, unknown> | null, shown = 5): string | null {
  const rows = new Set<number>();
  for (const path of Object.keys(errors ?? {})) {
    const match = /^plots\.(\d+)\./.exec(path);
    if (match) rows.add(Number(match[1]) + 1);
  }
  if (rows.size === 0) return null;
  const sorted = [...rows].sort((a, b) => a - b);
  const listed = sorted.slice(0, shown).map(String);
  const more = sorted.length - listed.length;
  if (more > 0) listed.push(`${more} more`);
  const list = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return `Check plot ${sorted.length === 1 ? 'row' : 'rows'} ${list}.`;
}
