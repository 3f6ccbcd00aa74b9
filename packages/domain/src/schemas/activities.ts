import { z } from 'zod';
import { ACTIVITY_NAMES, ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../constants.js';

const MESSAGE = 'Please select project, type, name and status.';

export const activityInputSchema = z
  .object({
    id: z.coerce.number().int().positive().nullish(),
    projectId: z.coerce.number({ error: MESSAGE }).int().positive(MESSAGE),
    activityType: z.enum(ACTIVITY_TYPES, { error: MESSAGE }),
    activityName: z.string({ error: MESSAGE }).trim().min(1, MESSAGE).max(100),
    status: z.enum(ACTIVITY_STATUSES, { error: MESSAGE }).default('Active'),
  })
  .refine((a) => ACTIVITY_NAMES[a.activityType].includes(a.activityName), {
    message: 'Choose an activity name from the list for this type.',
    path: ['activityName'],
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

export interface ActivityDto {
  id: number;
  projectId: number;
  activityType: (typeof ACTIVITY_TYPES)[number];
  activityName: string;
  status: (typeof ACTIVITY_STATUSES)[number];
  createdDate: string;
}
