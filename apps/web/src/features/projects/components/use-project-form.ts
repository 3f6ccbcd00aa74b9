import { type ProjectInput, plotsFitArea, projectInputSchema } from '@plotbook/domain';
import { useState } from 'react';
import { blankPlot, num, type PlotRow, type ProjectFormValues, toInput } from './project-form-values';

export const REQUIRED_MESSAGE = 'Please fill all required fields.';
export const EXCEEDS_MESSAGE = 'Sum of plot sizes cannot exceed Total Area.';
export const ONE_PLOT_MESSAGE = 'At least one plot is required.';

type ProjectField = Exclude<keyof ProjectFormValues, 'plots'>;
/** Field errors by path: `projectName`, `plots.2.plotName`, … */
export type FieldErrors = Record<string, string>;

export type Validation = { isValid: true; input: ProjectInput } | { isValid: false; message: string };

/** The Create / Edit Project form's values, live checks and the spec's validation. */
export function useProjectForm(initial: () => ProjectFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The row added last, so its name input takes the focus. */
  const [addedKey, setAddedKey] = useState<string | null>(null);
  /** The plot whose size was changed last, marked when the sizes stop fitting. */
  const [lastSizeKey, setLastSizeKey] = useState<string | null>(null);

  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _, ...rest } = current;
      return rest;
    });

  const setField = <K extends ProjectField>(field: K, value: ProjectFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };

  const setPlot = (index: number, patch: Partial<PlotRow>) => {
    setValues((v) => ({ ...v, plots: v.plots.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
    for (const key of Object.keys(patch)) clearError(`plots.${index}.${key}`);
    if ('totalPlotSize' in patch) setLastSizeKey(values.plots[index]?.key ?? null);
  };

  const addPlot = () => {
    const row = blankPlot();
    setValues((v) => ({ ...v, plots: [...v.plots, row] }));
    setAddedKey(row.key);
  };

  /** Refuses to remove the last row; returns false then. */
  const removePlot = (index: number): boolean => {
    if (values.plots.length <= 1) return false;
    setValues((v) => ({ ...v, plots: v.plots.filter((_, i) => i !== index) }));
    setErrors({});
    return true;
  };

  const reset = (next: ProjectFormValues) => {
    setValues(next);
    setErrors({});
    setAddedKey(null);
    setLastSizeKey(null);
  };

  const hasTotalArea = values.totalArea !== '';
  const sizesFit =
    !hasTotalArea ||
    plotsFitArea(
      num(values.totalArea),
      values.plots.map((p) => num(p.totalPlotSize)),
    );

  const validate = (): Validation => {
    const parsed = projectInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      const isMissing = Object.values(next).includes(REQUIRED_MESSAGE);
      return { isValid: false, message: isMissing ? REQUIRED_MESSAGE : (parsed.error.issues[0]?.message ?? '') };
    }
    if (
      !plotsFitArea(
        num(values.totalArea),
        parsed.data.plots.map((p) => p.totalPlotSize),
      )
    ) {
      return { isValid: false, message: EXCEEDS_MESSAGE };
    }
    setErrors({});
    return { isValid: true, input: toInput(values) };
  };

  /** A field's error for Mantine: the message, or just the red outline when the form-level message says it. */
  const errorOf = (path: string): string | boolean | undefined => {
    const message = errors[path];
    if (message === undefined) return undefined;
    return message === REQUIRED_MESSAGE ? true : message;
  };

  return {
    values,
    setField,
    setPlot,
    addPlot,
    removePlot,
    reset,
    validate,
    setErrors,
    errorOf,
    sizesFit,
    addedKey,
    lastSizeKey,
  };
}

export type ProjectFormState = ReturnType<typeof useProjectForm>;
