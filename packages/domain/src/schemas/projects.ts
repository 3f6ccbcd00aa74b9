import { z } from 'zod';
import { totalAmountWithin } from '../area.js';
import { formatRupees } from '../format.js';
import { toPaise } from '../money.js';
import { archivedFields } from './archive.js';
import { area, id, MAX_RUPEES, optionalText, plainText } from './common.js';
import { rupeesFromPaise } from './money.js';

const REQUIRED = 'Please fill all required fields.';
/** The spec's one message for a missing value; other failures get their own message. */
const requiredError = { error: (issue: { input?: unknown }) => (issue.input == null ? REQUIRED : undefined) };

const requiredName = (label: string) =>
  plainText({ label, required: REQUIRED }).min(1, REQUIRED).max(100, `${label} may have at most 100 characters`);
const requiredArea = z.number(requiredError).pipe(area);

/** A project's plots, at most this many (a larger layout is split into projects). */
export const MAX_PLOTS = 2000;

export const plotInputSchema = z.object({
  /** Present when an existing plot is edited; absent for a new plot. */
  plotId: id.optional(),
  plotName: requiredName('Plot name'),
  totalPlotSize: requiredArea.refine((v) => v > 0, 'Plot size must be more than 0'),
  plotNumber: z
    .union([z.number().transform(String), z.string()])
    .nullish()
    .pipe(optionalText(40)),
});

export const projectInputSchema = z
  .object({
    projectName: requiredName('Project name'),
    city: requiredName('City'),
    totalArea: requiredArea.refine((v) => v > 0, 'Total area must be more than 0'),
    totalRate: requiredArea,
    saleableOption: z
      .union([z.boolean(), z.enum(['yes', 'no'])])
      .optional()
      .transform((v) => v === true || v === 'yes'),
    roadArea: area.nullish().transform((v) => v ?? 0),
    mandirArea: area.nullish().transform((v) => v ?? 0),
    amenitiesArea: area.nullish().transform((v) => v ?? 0),
    plots: z
      .array(plotInputSchema, { error: 'At least one plot is required.' })
      .min(1, 'At least one plot is required.')
      .max(MAX_PLOTS, `A project may have at most ${MAX_PLOTS.toLocaleString('en-IN')} plots.`),
  })
  .refine((p) => totalAmountWithin(p.totalArea, p.totalRate, toPaise(MAX_RUPEES)), {
    message: `Total Rate is too high for this Total Area: the total amount may be at most ${formatRupees(MAX_RUPEES)}.`,
    path: ['totalRate'],
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectCommand = z.output<typeof projectInputSchema>;

export const plotSchema = z.object({
  plotId: z.number(),
  projectId: z.number(),
  plotName: z.string(),
  totalPlotSize: z.number(),
  plotNumber: z.string().nullable(),
  /** Sale amount of the active sale in rupees, or null when unsold. */
  saleAmount: rupeesFromPaise().nullable(),
  plotSaleDate: z.string().nullable(),
  isSold: z.boolean(),
  isRegistered: z.boolean(),
  isFullyPaid: z.boolean(),
  plotCreatedDate: z.string(),
  /** The spec's spelling of isFullyPaid / isRegistered for Plot Registration's clients: 'Y' or 'N'. */
  fullypaidYn: z.enum(['Y', 'N']),
  registeredYn: z.enum(['Y', 'N']),
  ...archivedFields,
});
export type PlotDto = z.output<typeof plotSchema>;
/** The server's side of `PlotDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PlotAnswer = z.input<typeof plotSchema>;

export const projectSchema = z.object({
  projectId: z.number(),
  projectName: z.string(),
  city: z.string(),
  totalArea: z.number(),
  totalRate: z.number(),
  /** Rupees = total area × total rate. */
  totalAmount: rupeesFromPaise(),
  saleableOption: z.enum(['yes', 'no']),
  roadArea: z.number(),
  mandirArea: z.number(),
  amenitiesArea: z.number(),
  saleableArea: z.number(),
  status: z.string(),
  plotCount: z.number(),
  createdDate: z.string(),
  ...archivedFields,
});
export type ProjectDto = z.output<typeof projectSchema>;
/** The server's side of `ProjectDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectAnswer = z.input<typeof projectSchema>;

export const projectWithPlotsSchema = projectSchema.extend({ plots: z.array(plotSchema) });
export type ProjectWithPlotsDto = z.output<typeof projectWithPlotsSchema>;
/** The server's side of `ProjectWithPlotsDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectWithPlotsAnswer = z.input<typeof projectWithPlotsSchema>;

/** The light plot rows of All Project Details (every plot of every project at once). */
export const plotSummarySchema = plotSchema.pick({
  plotId: true,
  plotName: true,
  totalPlotSize: true,
  plotNumber: true,
  isSold: true,
  isRegistered: true,
});
export type PlotSummaryDto = z.output<typeof plotSummarySchema>;
/** The server's side of `PlotSummaryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PlotSummaryAnswer = z.input<typeof plotSummarySchema>;

export const projectDetailsSchema = projectSchema.extend({ plots: z.array(plotSummarySchema) });
export type ProjectDetailsDto = z.output<typeof projectDetailsSchema>;
/** The server's side of `ProjectDetailsDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectDetailsAnswer = z.input<typeof projectDetailsSchema>;

export const projectPartnerSchema = z.object({
  partnerId: z.number(),
  partnerName: z.string(),
  percentageShare: z.number().nullable(),
  ...archivedFields,
});
export type ProjectPartnerDto = z.output<typeof projectPartnerSchema>;
/** The server's side of `ProjectPartnerDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectPartnerAnswer = z.input<typeof projectPartnerSchema>;

/** A project was saved. */
export const projectSavedSchema = z.object({ projectId: z.number(), message: z.string() });

/**
 * View Projects' lean list: each project with its plot counts, so the screen shows every project without
 * loading every plot; a project's plots come from `/api/project/{id}/plot-summaries` when it is opened.
 */
export const projectSummarySchema = projectSchema.extend({ soldCount: z.number(), registeredCount: z.number() });
export type ProjectSummaryDto = z.output<typeof projectSummarySchema>;
/** The server's side of `ProjectSummaryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ProjectSummaryAnswer = z.input<typeof projectSummarySchema>;
