import { useForm } from '@mantine/form';
import { plotsOverflow, saleableArea } from '@plotbook/domain';
import { useState } from 'react';
import {
  areasOf,
  blankPlot,
  checkProject,
  EXCEEDS_MESSAGES,
  num,
  type PlotRow,
  type ProjectCheck,
  type ProjectFormValues,
  REQUIRED_MESSAGE,
  validateProjectFields,
} from './project-form-values';

export { REQUIRED_MESSAGE } from './project-form-values';
export const ONE_PLOT_MESSAGE = 'At least one plot is required.';

type ProjectField = Exclude<keyof ProjectFormValues, 'plots'>;

/** The Create / Edit Project form's values, live checks and the spec's validation. */
export function useProjectForm(initial: () => ProjectFormValues) {
  const [initialValues] = useState(initial);
  // Errors are cleared here, field by field: a change in one plot leaves the other fields' errors standing.
  const form = useForm<ProjectFormValues>({
    initialValues,
    validate: validateProjectFields,
    clearInputErrorOnChange: false,
  });
  const values = form.values;
  /** Changed since it was loaded, saved or cancelled. */
  const [isDirty, setIsDirty] = useState(false);
  /** The row added last, so its name input takes the focus. */
  const [addedKey, setAddedKey] = useState<string | null>(null);
  /** The plot whose size was changed last, marked when the sizes stop fitting. */
  const [lastSizeKey, setLastSizeKey] = useState<string | null>(null);

  const setField = <K extends ProjectField>(field: K, value: ProjectFormValues[K]) => {
    form.setValues({ [field]: value } as Pick<ProjectFormValues, K>);
    setIsDirty(true);
    form.clearFieldError(field);
  };

  const setPlot = (index: number, patch: Partial<PlotRow>) => {
    form.setValues((v) => ({ plots: (v.plots ?? []).map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
    setIsDirty(true);
    for (const key of Object.keys(patch)) form.clearFieldError(`plots.${index}.${key}`);
    if ('totalPlotSize' in patch) setLastSizeKey(values.plots[index]?.key ?? null);
  };

  const addPlot = () => {
    const row = blankPlot();
    form.setValues((v) => ({ plots: [...(v.plots ?? []), row] }));
    setIsDirty(true);
    setAddedKey(row.key);
  };

  /** Refuses to remove the last row; returns false then. */
  const removePlot = (index: number): boolean => {
    if (values.plots.length <= 1) return false;
    form.setValues((v) => ({ plots: (v.plots ?? []).filter((_, i) => i !== index) }));
    setIsDirty(true);
    form.clearErrors();
    return true;
  };

  const reset = (next: ProjectFormValues) => {
    form.setValues(next);
    setIsDirty(false);
    form.clearErrors();
    setAddedKey(null);
    setLastSizeKey(null);
  };

  const areas = areasOf(values);
  /** What the plots may add up to: the saleable area when that option is on. */
  const plotAreaLimit = values.isSaleable
    ? saleableArea(areas.totalArea, areas.roadArea, areas.mandirArea, areas.amenitiesArea)
    : areas.totalArea;
  const overflow =
    values.totalArea === ''
      ? null
      : plotsOverflow(
          areas,
          values.plots.map((p) => num(p.totalPlotSize)),
        );
  const sizesFit = overflow === null;
  const exceedsMessage = overflow ? EXCEEDS_MESSAGES[overflow] : null;

  /** Marks the fields the schema refuses (through the form's zod resolver) and answers the spec's message. */
  const validate = (): ProjectCheck => {
    const check = checkProject(form.getValues());
    if (check.isValid || check.errors) form.validate();
    return check;
  };

  /** A field's error for Mantine: the message, or just the red outline when the form-level message says it. */
  const errorOf = (path: string): string | boolean | undefined => {
    const message = form.errors[path];
    if (message === undefined || message === null) return undefined;
    return message === REQUIRED_MESSAGE ? true : String(message);
  };

  return {
    values,
    setField,
    setPlot,
    addPlot,
    removePlot,
    reset,
    validate,
    setErrors: form.setErrors,
    errorOf,
    isDirty,
    sizesFit,
    overflow,
    exceedsMessage,
    plotAreaLimit,
    addedKey,
    lastSizeKey,
  };
}

export type ProjectFormState = ReturnType<typeof useProjectForm>;
