import { row, type ScenarioTable } from './audit-scenarios.js';

/** The trail scenarios of a company's records: projects and plots, partners, activities (audit-scenarios.ts). */

const PROJECT_FIELDS = [
  'project_name',
  'city',
  'total_area',
  'total_rate',
  'total_amount_paise',
  'saleable_option',
  'road_area',
  'mandir_area',
  'amenities_area',
  'saleable_area',
];
const PLOT_FIELDS = ['project_id', 'plot_name', 'total_plot_size'];
const PARTNER_FIELDS = ['partner_name', 'city', 'shares'];
const ACTIVITY_FIELDS = ['project_id', 'activity_type', 'activity_name', 'status'];

const projectBody = (projectName: string, plots: object[], city = 'Nagpur') => ({
  projectName,
  city,
  totalArea: 10000,
  totalRate: 100,
  plots,
});

export const DATA_SCENARIOS: ScenarioTable = {
  'POST /api/project': {
    async run(c) {
      const res = await c.write(
        'POST',
        '/api/project',
        projectBody('Trail Nagar', [
          { plotName: 'A1', totalPlotSize: 1000 },
          { plotName: 'A2', totalPlotSize: 1200, plotNumber: '12' },
        ]),
      );
      const projectId = res.json().projectId as number;
      const plots = (await c.call('GET', `/api/project/${projectId}/plots`)).json() as { plotId: number }[];
      const u = c.user.id;
      return {
        res,
        rows: [
          row('project', projectId, 'create', u, PROJECT_FIELDS),
          row('plot', plots[0]?.plotId as number, 'create', u, PLOT_FIELDS),
          row('plot', plots[1]?.plotId as number, 'create', u, [...PLOT_FIELDS, 'plot_number']),
        ],
      };
    },
  },
  'PUT /api/project/{id}': {
    async run(c) {
      const built = await c.f.project({ plots: 2 });
      const [kept, dropped] = built.plots as unknown as [{ plotId: number }, { plotId: number }];
      const res = await c.write(
        'PUT',
        `/api/project/${built.projectId}`,
        projectBody(
          built.projectName,
          [
            { plotId: kept.plotId, plotName: 'P1 renamed', totalPlotSize: 1000 },
            { plotName: 'P3', totalPlotSize: 500 },
          ],
          'Wardha',
        ),
      );
      const plots = (await c.call('GET', `/api/project/${built.projectId}/plots`)).json() as { plotId: number }[];
      const added = plots.find((p) => p.plotId !== kept.plotId)?.plotId as number;
      const u = c.user.id;
      return {
        res,
        rows: [
          row('project', built.projectId, 'update', u, ['city'], { city: ['Nagpur', 'Wardha'] }),
          row('plot', kept.plotId, 'update', u, ['plot_name'], { plot_name: ['P1', 'P1 renamed'] }),
          row('plot', dropped.plotId, 'delete', u, PLOT_FIELDS),
          row('plot', added, 'create', u, PLOT_FIELDS),
        ],
      };
    },
  },
  'DELETE /api/project/{id}': {
    async run(c) {
      const built = await c.f.project({ plots: 1 });
      const activity = await c.f.activity({ projectId: built.projectId });
      const res = await c.write('DELETE', `/api/project/${built.projectId}`);
      const u = c.user.id;
      return {
        res,
        rows: [
          row('project', built.projectId, 'delete', u, PROJECT_FIELDS),
          row('plot', built.plots[0]?.plotId as number, 'delete', u, PLOT_FIELDS),
          row('activity', activity.id, 'delete', u, ACTIVITY_FIELDS),
        ],
      };
    },
  },
  'DELETE /api/plot/{id}': {
    async run(c) {
      const built = await c.f.project({ plots: 2 });
      const plotId = built.plots[1]?.plotId as number;
      const res = await c.write('DELETE', `/api/plot/${plotId}`);
      return { res, rows: [row('plot', plotId, 'delete', c.user.id, PLOT_FIELDS)] };
    },
  },
  'POST /api/partner': {
    async run(c) {
      const { projectId } = await c.f.project();
      const body = { partnerName: 'Trail Partner', city: 'Pune', projects: [{ projectId, percentageShare: 25 }] };
      const res = await c.write('POST', '/api/partner', body);
      return { res, rows: [row('partner', res.json().partnerId, 'create', c.user.id, PARTNER_FIELDS)] };
    },
  },
  'PUT /api/partner/{id}': {
    async run(c) {
      const { projectId } = await c.f.project();
      const partnerId = await c.f.partner({ projectId, share: 10, name: 'Trail Partner' });
      const body = { partnerName: 'Trail Partner', city: 'Wardha', projects: [{ projectId, percentageShare: 20 }] };
      const res = await c.write('PUT', `/api/partner/${partnerId}`, body);
      const shares: [string, string] = [`project ${projectId}: 10%`, `project ${projectId}: 20%`];
      return { res, rows: [row('partner', partnerId, 'update', c.user.id, ['city', 'shares'], { shares })] };
    },
  },
  'DELETE /api/partner/{id}': {
    async run(c) {
      const partnerId = await c.f.partner();
      const res = await c.write('DELETE', `/api/partner/${partnerId}`);
      return { res, rows: [row('partner', partnerId, 'delete', c.user.id, PARTNER_FIELDS)] };
    },
  },
  'POST /api/activity/save': [
    {
      name: 'a new activity',
      async run(c) {
        const { projectId } = await c.f.project();
        const body = { projectId, activityType: 'PLOT_SALE', activityName: 'Plot Sale' };
        const res = await c.write('POST', '/api/activity/save', body);
        return { res, rows: [row('activity', res.json().id, 'create', c.user.id, ACTIVITY_FIELDS)] };
      },
    },
    {
      name: 'an activity made inactive',
      async run(c) {
        const { id, projectId } = await c.f.activity();
        const body = { id, projectId, activityType: 'PLOT_SALE', activityName: 'Plot Sale', status: 'Inactive' };
        const res = await c.write('POST', '/api/activity/save', body);
        return { res, rows: [row('activity', id, 'update', c.user.id, ['status'])] };
      },
    },
  ],
  'DELETE /api/activity/{id}': {
    async run(c) {
      const { id } = await c.f.activity();
      const res = await c.write('DELETE', `/api/activity/${id}`);
      return { res, rows: [row('activity', id, 'delete', c.user.id, ACTIVITY_FIELDS)] };
    },
  },
};
