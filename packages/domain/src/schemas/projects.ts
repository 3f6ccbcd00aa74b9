import { z } from 'zod';
import { totalAmountWithin } from '../area.js';
import { FACINGS } from '../constants.js';
import { formatRupees } from '../format.js';
import { hasAtMostTwoDecimals, toPaise } from '../money.js';
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

/** An optional amount in rupees (a plot's list rate or list price): null when left out. */
const optionalRupees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_RUPEES, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} may have at most 2 decimals`)
    .nullish()
    .transform((v) => v ?? null);

export const FACING_MESSAGE = `Facing must be one of ${FACINGS.join(', ')}`;
export const LIST_RATE_TOO_HIGH = `List rate × plot size may be at most ${formatRupees(MAX_RUPEES)}`;
/** A plot's sector or phase, at most this long (the column's CHECK, 0032_plot_board). */
export const SECTOR_MAX_LENGTH = 60;

/**
 * A plot of a project. The list rate (₹ per sq ft) and list price (₹) are optional and both may be given: the sale
 * screen and the board start from the list price when there is one, else rate × size (`plotListPricePaise`).
 */
export const plotInputSchema = z
  .object({
    /** Present when an existing plot is edited; absent for a new plot. */
    plotId: id.optional(),
    plotName: requiredName('Plot name'),
    totalPlotSize: requiredArea.refine((v) => v > 0, 'Plot size must be more than 0'),
    plotNumber: z
      .union([z.number().transform(String), z.string()])
      .nullish()
      .pipe(optionalText(40)),
    listRate: optionalRupees('List rate'),
    listPrice: optionalRupees('List price'),
    facing: z
      .enum(FACINGS, { error: FACING_MESSAGE })
      .nullish()
      .transform((v) => v ?? null),
    corner: z
      .boolean({ error: 'Corner must be true or false' })
      .nullish()
      .transform((v) => v ?? false),
    sector: plainText({ label: 'Sector' })
      .max(SECTOR_MAX_LENGTH, `Sector may have at most ${SECTOR_MAX_LENGTH} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((p) => p.listRate === null || totalAmountWithin(p.totalPlotSize, p.listRate, toPaise(MAX_RUPEES)), {
    message: LIST_RATE_TOO_HIGH,
    path: ['listRate'],
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
  /** The list rate per sq ft and the list price as entered (either, both or none; a list price wins). */
  listRate: rupeesFromPaise().nullable(),
  listPrice: rupeesFromPaise().nullable(),
  facing: z.enum(FACINGS).nullable(),
  corner: z.boolean(),
  sector: z.string().nullable(),
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
  listRate: true,
  listPrice: true,
  facing: true,
  corner: true,
  sector: true,
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
