import { z } from 'zod';
import { AGEING_BUCKETS } from '../collections.js';
import { hasAtMostTwoDecimals } from '../money.js';
import { id, isoDate, isoDateText } from './common.js';
import { rupeesFromPaise } from './money.js';
import { pageQuerySchema } from './paging.js';

/**
 * Collections (issue 22): `GET /api/collections/overdue` lists every unpaid or part-paid installment of an active
 * sale past its due date on `asOf` (today in India unless given), aged in buckets, paged like the other lists
 * (`?limit=&cursor=&q=`, `Link` and `X-Total-*` headers); `POST /api/collections/reminders` mails the buyers of
 * chosen installments; `GET/PUT /api/collections/settings` the late-payment interest and automatic reminders.
 */

export const overdueQuerySchema = pageQuerySchema.extend({
  projectId: id.optional(),
  asOf: isoDate.optional(),
});
export type OverdueQuery = z.input<typeof overdueQuerySchema>;

export const overdueExportQuerySchema = overdueQuerySchema.pick({ projectId: true, asOf: true, q: true });

export const overdueRowSchema = z.object({
  installmentId: z.number(),
  saleId: z.number(),
  buyerId: z.number().nullable(),
  buyerName: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Whether the buyer has an email a reminder can go to. */
  hasEmail: z.boolean(),
  projectId: z.number(),
  projectName: z.string(),
  plotId: z.number(),
  plotName: z.string(),
  installmentNo: z.number(),
  dueDate: isoDateText,
  amount: rupeesFromPaise(),
  paid: rupeesFromPaise(),
  /** What is still owed of the installment: the amount due. */
  due: rupeesFromPaise(),
  daysLate: z.number(),
  bucket: z.enum(AGEING_BUCKETS),
  /** Late-payment interest as of `asOf` (0 when the company's setting is off); never added to the sale. */
  interest: rupeesFromPaise(),
  /** The latest reminder of this installment: when (ISO time) and to whom; null when never reminded. */
  lastReminderAt: z.string().nullable(),
  lastReminderTo: z.string().nullable(),
  reminders: z.number(),
});
export type OverdueRow = z.output<typeof overdueRowSchema>;
export type OverdueRowAnswer = z.input<typeof overdueRowSchema>;

const bucketTotalSchema = z.object({ bucket: z.enum(AGEING_BUCKETS), count: z.number(), due: rupeesFromPaise() });

export const ageingTotalsSchema = z.object({
  count: z.number(),
  due: rupeesFromPaise(),
  interest: rupeesFromPaise(),
  buckets: z.array(bucketTotalSchema),
});
export type AgeingTotals = z.output<typeof ageingTotalsSchema>;
export type AgeingTotalsAnswer = z.input<typeof ageingTotalsSchema>;

export const overdueReportSchema = z.object({
  asOf: isoDateText,
  interestEnabled: z.boolean(),
  /** One page of rows, oldest due date first. */
  data: z.array(overdueRowSchema),
  /** Over every (searched) row: overall, and per project. */
  totals: ageingTotalsSchema.extend({
    projects: z.array(ageingTotalsSchema.extend({ projectId: z.number(), projectName: z.string() })),
  }),
});
export type OverdueReport = z.output<typeof overdueReportSchema>;
export type OverdueReportAnswer = z.input<typeof overdueReportSchema>;

export const MAX_REMINDER_INSTALLMENTS = 500;
const REMINDER_PICK_MESSAGE = 'Choose the installments to remind';

export const reminderPayloadSchema = z.object({
  installmentIds: z
    .array(id, { error: REMINDER_PICK_MESSAGE })
    .min(1, REMINDER_PICK_MESSAGE)
    .max(MAX_REMINDER_INSTALLMENTS, `At most ${MAX_REMINDER_INSTALLMENTS} installments at a time`),
});
export type ReminderPayload = z.input<typeof reminderPayloadSchema>;

export const reminderResultSchema = z.object({
  /** One mail per buyer. */
  sent: z.array(z.object({ buyerName: z.string(), email: z.string(), installments: z.number() })),
  /** Buyers with no email: nothing sent, reported. */
  noEmail: z.array(z.object({ buyerName: z.string(), installments: z.number() })),
  /** Installments reminded in the last 24 hours (or not overdue/unknown), left out, with why. */
  skipped: z.array(z.object({ installmentId: z.number(), reason: z.string() })),
  message: z.string(),
});
export type ReminderResult = z.output<typeof reminderResultSchema>;

export const collectionSettingsSchema = z.object({
  lateInterestEnabled: z.boolean(),
  /** Percent per annum. */
  lateInterestRate: z.number(),
  graceDays: z.number(),
  autoRemindersEnabled: z.boolean(),
  remindDaysBefore: z.number(),
  remindDaysAfter: z.number(),
});
export type CollectionSettingsDto = z.output<typeof collectionSettingsSchema>;

const days = (label: string) =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`${label} must be whole days`)
    .min(0, `${label} cannot be negative`)
    .max(365, `${label} may be at most 365 days`);

export const updateCollectionSettingsSchema = z.object({
  lateInterestEnabled: z.boolean({ error: 'Say whether late-payment interest is charged' }),
  lateInterestRate: z
    .number({ error: 'Enter the interest rate' })
    .finite()
    .min(0, 'Interest rate cannot be negative')
    .max(100, 'Interest rate may be at most 100 % a year')
    .refine(hasAtMostTwoDecimals, 'Interest rate may have at most 2 decimals'),
  graceDays: days('Grace period'),
  autoRemindersEnabled: z.boolean({ error: 'Say whether reminders go out by themselves' }),
  remindDaysBefore: days('Days before the due date'),
  remindDaysAfter: days('Days after the due date'),
});
export type UpdateCollectionSettingsInput = z.input<typeof updateCollectionSettingsSchema>;
