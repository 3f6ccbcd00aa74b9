import { z } from 'zod';
import { area, id } from './common.js';

const REQUIRED = 'Please fill all required fields.';

const requiredName = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, 'Name is too long');
const requiredArea = z.number({ error: REQUIRED }).pipe(area);

export const plotInputSchema = z.object({
  /** Present when an existing plot is edited; absent for a new plot. */
  plotId: id.optional(),
  plotName: requiredName,
  totalPlotSize: requiredArea.refine((v) => v > 0, 'Plot size must be more than 0'),
  plotNumber: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) =>
      v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim().slice(0, 40),
    ),
});

export const projectInputSchema = z.object({
  projectName: requiredName,
  city: requiredName,
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
    .max(2000),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectCommand = z.output<typeof projectInputSchema>;

export interface PlotDto {
  plotId: number;
  projectId: number;
  plotName: string;
  totalPlotSize: number;
  plotNumber: string | null;
  /** Sale amount of the active sale in rupees, or null when unsold. */
  saleAmount: number | null;
  plotSaleDate: string | null;
  isSold: boolean;
  isRegistered: boolean;
  isFullyPaid: boolean;
  plotCreatedDate: string;
}

export interface ProjectDto {
  projectId: number;
  projectName: string;
  city: string;
  totalArea: number;
  totalRate: number;
  /** Rupees = total area × total rate. */
  totalAmount: number;
  saleableOption: 'yes' | 'no';
  roadArea: number;
  mandirArea: number;
  amenitiesArea: number;
  saleableArea: number;
  status: string;
  plotCount: number;
  createdDate: string;
}

export interface ProjectWithPlotsDto extends ProjectDto {
  plots: PlotDto[];
}

/** The light plot rows of All Project Details (every plot of every project at once). */
export type PlotSummaryDto = Pick<
  PlotDto,
  'plotId' | 'plotName' | 'totalPlotSize' | 'plotNumber' | 'isSold' | 'isRegistered'
>;

export interface ProjectDetailsDto extends ProjectDto {
  plots: PlotSummaryDto[];
}

export interface ProjectPartnerDto {
  partnerId: number;
  partnerName: string;
  percentageShare: number | null;
}
