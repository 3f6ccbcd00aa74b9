import { z } from 'zod';

/**
 * Plain messages for every validation failure a schema does not word itself, so zod's own texts
 * ("Too big: expected string to have <=200 characters") never reach a user. Installed once, below, for every
 * zod schema in the process (the web's forms and the server's routes alike); a message a schema gives
 * explicitly still wins.
 */

type Path = readonly PropertyKey[];

/** Field names whose label is not just the name in words. */
const LABELS: Record<string, string> = {
  id: 'ID',
  emailId: 'Email',
  userName: 'Full name',
  projectId: 'Project',
  partnerId: 'Partner',
  plotId: 'Plot',
  developmentId: 'Development entry',
  demoRequestId: 'Demo request',
  totalPlotSize: 'Plot size',
  percentageShare: 'Share',
  tenantId: 'Tenant ID',
  dbName: 'Database name',
  dbUsername: 'DB username',
  dbPassword: 'DB password',
  oldPwd: 'Old password',
  newPwd: 'New password',
  emiDuration: 'EMI duration',
  emiDate: 'EMI date',
  emiTotal: 'EMI total',
};

/** `modeDetail` → `Mode detail`: the last named segment of the path, in words. */
export function fieldLabel(path: Path): string {
  const key = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  if (key === undefined) return 'The input';
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `Row 2: ` for a row of a top-level list (purchase rows), `Plot 3: ` for an item of a named list
 * (`plots.2.plotName`), nothing for a plain field. The server puts it before each message of a list item.
 */
export function rowPrefix(path: Path): string {
  const at = path.findIndex((segment) => typeof segment === 'number');
  if (at < 0) return '';
  const index = path[at] as number;
  const list = at > 0 ? path[at - 1] : undefined;
  const noun = typeof list === 'string' ? fieldLabel([list]).replace(/s$/, '') : 'Row';
  return `${noun} ${index + 1}: `;
}

const count = (n: number | bigint) => Number(n).toLocaleString('en-IN');

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** The plain message for one issue, naming its field (never the row: see rowPrefix). */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${EXPECTED[issue.expected] ?? 'something else'}`;
    case 'too_big': {
      const max = count(issue.maximum);
      if (issue.origin === 'string') return `${label} may have at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} may have at most ${max} entries`;
      return issue.inclusive === false ? `${label} must be less than ${max}` : `${label} may be at most ${max}`;
    }
    case 'too_small': {
      const min = count(issue.minimum);
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? `${label} is required` : `${label} must have at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} needs at least ${min} entries`;
      return issue.inclusive === false ? `${label} must be more than ${min}` : `${label} must be at least ${min}`;
    }
    case 'invalid_format':
      return `${label} is not in the right format`;
    case 'invalid_value':
      return issue.values.length <= 6
        ? `${label} must be one of: ${issue.values.map(String).join(', ')}`
        : `${label} is not one of the allowed values`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

z.config({ customError: plainIssueMessage });
