import { z } from 'zod';
import { rupeesFromPaise } from './money.js';

export const recentProjectSchema = z.object({
  projectId: z.number(),
  name: z.string(),
  city: z.string(),
  plotCount: z.number(),
  status: z.string(),
});
export type RecentProject = z.output<typeof recentProjectSchema>;
export type RecentProjectAnswer = z.input<typeof recentProjectSchema>;

export const dashboardSchema = z.object({
  activeProjects: z.number(),
  totalPlots: z.number(),
  businessPartners: z.number(),
  /** Rupees received (Σ Completed receipt lines). */
  totalRevenue: rupeesFromPaise(),
  recentProjects: z.array(recentProjectSchema),
  /** Disjoint: available (no active sale), sold (active sale, not registered), registered. */
  plotsByStatus: z.object({ available: z.number(), sold: z.number(), registered: z.number() }),
  /** Rupees received (Completed receipts) per month (`YYYY-MM`), oldest first, the last 12 months including this one. */
  receivedByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: rupeesFromPaise() })),
});
export type DashboardResponse = z.output<typeof dashboardSchema>;
export type DashboardResponseAnswer = z.input<typeof dashboardSchema>;
