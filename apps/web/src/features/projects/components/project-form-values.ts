import type { ProjectInput, ProjectWithPlotsDto } from '@plotbook/domain';

/** A number input's value: `''` while empty. */
export type NumberValue = number | '';

export interface PlotRow {
  /** Stable React key; new rows get a fresh one. */
  key: string;
  plotId?: number;
  plotName: string;
  totalPlotSize: NumberValue;
  plotNumber: string;
  isSold: boolean;
  isRegistered: boolean;
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
      isSold: p.isSold,
      isRegistered: p.isRegistered,
    })),
  };
}

/** The API payload; empty numbers stay undefined so the shared schema answers "Please fill all required fields." */
export function toInput(values: ProjectFormValues): ProjectInput {
  return {
    projectName: values.projectName,
    city: values.city,
    totalArea: orUndefined(values.totalArea) as number,
    totalRate: orUndefined(values.totalRate) as number,
    saleableOption: values.isSaleable ? 'yes' : 'no',
    roadArea: values.isSaleable ? orUndefined(values.roadArea) : undefined,
    mandirArea: values.isSaleable ? orUndefined(values.mandirArea) : undefined,
    amenitiesArea: values.isSaleable ? orUndefined(values.amenitiesArea) : undefined,
    plots: values.plots.map((p) => ({
      plotId: p.plotId,
      plotName: p.plotName,
      totalPlotSize: orUndefined(p.totalPlotSize) as number,
      plotNumber: p.plotNumber,
    })),
  };
}
