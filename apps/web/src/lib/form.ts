import { zodFieldErrors } from '@plotbook/domain';
import type { z } from 'zod';

/**
 * A `@mantine/form` validate function from a zod schema: the field errors are the domain's `zodFieldErrors`
 * (keyed `name`, `projects.0.projectId`, …), the same names the server answers with. `prepare` maps the form's
 * values to what the schema reads (the API payload).
 */
export function zodResolver<Values>(schema: z.ZodType, prepare?: (values: Values) => unknown) {
  return (values: Values): Record<string, string> => {
    const parsed = schema.safeParse(prepare ? prepare(values) : values);
    return parsed.success ? {} : zodFieldErrors(parsed.error);
  };
}
