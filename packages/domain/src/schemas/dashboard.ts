export interface RecentProject {
  projectId: number;
  name: string;
  city: string;
  plotCount: number;
  status: string;
}

export interface DashboardResponse {
  activeProjects: number;
  totalPlots: number;
  businessPartners: number;
  /** Rupees received (Σ Completed receipt lines). */
  totalRevenue: number;
  recentProjects: RecentProject[];
  /** Disjoint: available (no active sale), sold (active sale, not registered), registered. */
  plotsByStatus: { available: number; sold: number; registered: number };
  /** Rupees received (Completed receipts) per month, oldest first, the last 12 months including this one. */
  receivedByMonth: { month: string; amount: number }[];
}
