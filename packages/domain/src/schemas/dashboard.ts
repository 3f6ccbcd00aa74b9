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
}
