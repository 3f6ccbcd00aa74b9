import { z } from 'zod';
import { ACTIVITY_NAMES, ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../constants.js';
import { plainText, positiveId } from './common.js';

const MESSAGE = 'Please select project, type, name and status.';

export const activityInputSchema = z
  .object({
    id: positiveId().nullish(),
    projectId: positiveId(MESSAGE),
    activityType: z.enum(ACTIVITY_TYPES, { error: MESSAGE }),
    activityName: plainText({ label: 'Activity name', required: MESSAGE })
      .min(1, MESSAGE)
      .max(100, 'Activity name may have at most 100 characters'),
    status: z.enum(ACTIVITY_STATUSES, { error: MESSAGE }).default('Active'),
  })
  .refine((a) => ACTIVITY_NAMES[a.activityType].includes(a.activityName), {
    message: 'Choose an activity name from the list for this type.',
    path: ['activityName'],
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

export const activitySchema = z.object({
  id: z.number(),
  projectId: z.number(),
  activityType: z.enum(ACTIVITY_TYPES),
  activityName: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  /** When it was created, as an ISO timestamp. */
  createdDate: z.iso.datetime(),
});
export type ActivityDto = z.output<typeof activitySchema>;
/** The server's side of `ActivityDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ActivityAnswer = z.input<typeof activitySchema>;
/** One page of a project's activities (the count and the next page are in the headers). */
export const activityListSchema = z.array(activitySchema);
/** The activity names a type offers. */
export const activityNamesSchema = z.array(z.string());
