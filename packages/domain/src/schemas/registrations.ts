import { z } from 'zod';
import { id, isoDate, isoDateText, plainText, positiveId } from './common.js';

/** The spec's alert when Save is pressed with no plot chosen; the server answers it too. */
export const SELECT_PLOT = 'Please select a plot.';

const required = (label: string, max: number) =>
  plainText({ label, required: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} may have at most ${max} characters`);

/** Plot Registration: a fully paid, not yet registered plot and where and when its deed was registered. */
export const registrationInputSchema = z.object({
  plotId: positiveId(SELECT_PLOT),
  registrationOffice: required('Registration office', 200),
  registrationDate: z
    .string({ error: 'Registration date is required' })
    .min(1, 'Registration date is required')
    .pipe(isoDate),
  documentNo: required('Document no', 100),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type RegistrationCommand = z.output<typeof registrationInputSchema>;

export const registrationSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  plotId: z.number(),
  plotName: z.string(),
  registrationOffice: z.string(),
  registrationDate: isoDateText,
  documentNo: z.string(),
});
export type RegistrationDto = z.output<typeof registrationSchema>;
/** The server's side of `RegistrationDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type RegistrationAnswer = z.input<typeof registrationSchema>;
/** One page of registrations (the count and the next page are in the headers). */
export const registrationListSchema = z.array(registrationSchema);

export const registrationSavedSchema = z.object({ id: z.number(), message: z.string() });
export type RegistrationSaved = z.output<typeof registrationSavedSchema>;
export type RegistrationSavedAnswer = z.input<typeof registrationSavedSchema>;

/** `GET /api/registration?projectId=`: every registration, or one project's. */
export const registrationQuerySchema = z.object({ projectId: id.optional() });
