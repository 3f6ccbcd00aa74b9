import {
  archivedQuerySchema,
  archiveInputSchema,
  archiveResultSchema,
  id,
  messageResponseSchema,
  NO_EXPORT_DATA,
  pageQuerySchema,
  plotSchema,
  plotSummarySchema,
  priceListFileName,
  priceListSchema,
  projectDetailsSchema,
  projectInputSchema,
  projectPartnerSchema,
  projectSavedSchema,
  projectSchema,
  projectSummarySchema,
  projectWithPlotsSchema,
  restoreInputSchema,
  XLSX_CONTENT_TYPE,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, setPageHeaders } from '../../lib/paging.js';
import { answerOf, jsonRowsOr } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { priceListWorkbook } from './price-list.export.js';
import { getPriceList } from './price-list.service.js';
import { archivePlot, archiveProject, restorePlot, restoreProject } from './project-archive.service.js';
import {
  createProject,
  deletePlot,
  deleteProject,
  getPlot,
  getPlotSummaries,
  getProject,
  getProjectPartners,
  getProjectPlots,
  getProjectSummaries,
  getProjects,
  pageProjectDetails,
  updateProject,
} from './projects.service.js';

const params = z.object({ id });
const projectParams = z.object({ projectId: id });
const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema });
/** `?archived=include` also lists the archived records. */
const withArchived = (query: { archived?: 'include' }) => query.archived === 'include';

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/project',
    { preHandler, schema: { querystring: archivedQuerySchema, response: ok(z.array(projectSchema)) } },
    (request) => request.withTenant((tdb) => getProjects(tdb, withArchived(request.query))),
  );

  /**
   * The spec's "projects with plots", paged (`?limit=&cursor=`, see lib/paging.ts) by plots: whole projects in
   * creation order, up to `limit` plots a page (500 by default), the next page in `Link`, `X-Total-Count` projects.
   */
  r.get(
    '/api/project/all-details',
    {
      preHandler,
      schema: {
        querystring: pageQuerySchema.omit({ q: true }),
        response: ok(jsonRowsOr(z.array(projectDetailsSchema))),
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'timestamp');
      const { rows, ...result } = await request.withTenant((tdb) => pageProjectDetails(tdb, page));
      setPageHeaders(request, reply, result);
      return rows;
    },
  );

  // View Projects: every project with its plot counts; a project's plots load when it is opened.
  r.get('/api/project/summaries', { preHandler, schema: { response: ok(z.array(projectSummarySchema)) } }, (request) =>
    request.withTenant(getProjectSummaries),
  );

  r.get(
    '/api/project/:id/plot-summaries',
    { preHandler, schema: { params, response: ok(z.array(plotSummarySchema)) } },
    (request) => request.withTenant((tdb) => getPlotSummaries(tdb, request.params.id)),
  );

  r.get('/api/project/:id', { preHandler, schema: { params, response: ok(projectWithPlotsSchema) } }, (request) =>
    request.withTenant((tdb) => getProject(tdb, request.params.id)),
  );

  r.get(
    '/api/project/:id/plots',
    { preHandler, schema: { params, querystring: archivedQuerySchema, response: ok(z.array(plotSchema)) } },
    (request) => request.withTenant((tdb) => getProjectPlots(tdb, request.params.id, withArchived(request.query))),
  );

  r.get(
    '/api/project/:id/partners',
    { preHandler, schema: { params, querystring: archivedQuerySchema, response: ok(z.array(projectPartnerSchema)) } },
    (request) => request.withTenant((tdb) => getProjectPartners(tdb, request.params.id, withArchived(request.query))),
  );

  /**
   * A project's price list as an .xlsx (issue 21): its plots (not archived) by sector with list rate, list price and
   * state on the board; 404 for a project of another company or one without plots.
   */
  r.get('/api/project/:id/price-list', { preHandler, schema: { params } }, async (request, reply) => {
    const list = await request.withTenant((tdb) => getPriceList(tdb, request.params.id, app.now()));
    if (list.rows.length === 0) throw notFound(NO_EXPORT_DATA);
    const stream = await priceListWorkbook(list.projectName, answerOf(priceListSchema, list.rows));
    return reply
      .header('content-disposition', `attachment; filename="${priceListFileName(request.params.id)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type(XLSX_CONTENT_TYPE)
      .send(stream);
  });

  r.post(
    '/api/project',
    { preHandler, schema: { body: projectInputSchema, response: { 201: projectSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, async (tdb) => ({
        projectId: await createProject(tdb, request.body),
        message: 'Project saved successfully!',
      })),
  );

  r.put(
    '/api/project/:id',
    { preHandler, schema: { params, body: projectInputSchema, response: ok(projectSavedSchema) } },
    async (request) => {
      await request.withTenant((tdb) => updateProject(tdb, request.params.id, request.body));
      return { projectId: request.params.id, message: 'Project saved successfully!' };
    },
  );

  r.delete(
    '/api/project/:id',
    { preHandler, schema: { params, response: ok(messageResponseSchema) } },
    async (request) => {
      await request.withTenant((tdb) => deleteProject(tdb, request.params.id));
      return { message: 'Project deleted.' };
    },
  );

  r.get(
    '/api/plot/by-project/:projectId',
    {
      preHandler,
      schema: { params: projectParams, querystring: archivedQuerySchema, response: ok(z.array(plotSchema)) },
    },
    (request) =>
      request.withTenant((tdb) => getProjectPlots(tdb, request.params.projectId, withArchived(request.query))),
  );

  r.get('/api/plot/:id', { preHandler, schema: { params, response: ok(plotSchema) } }, (request) =>
    request.withTenant((tdb) => getPlot(tdb, request.params.id)),
  );

  r.delete(
    '/api/plot/:id',
    { preHandler, schema: { params, response: ok(messageResponseSchema) } },
    async (request) => {
      await request.withTenant((tdb) => deletePlot(tdb, request.params.id));
      return { message: 'Plot deleted.' };
    },
  );

  // Archive, not delete (issue 19): a tenant admin archives a project or plot with a reason, or restores it.
  const admin = app.requireRole('TENANT_ADMIN');
  const archiveSchema = { params, body: archiveInputSchema, response: ok(archiveResultSchema) };
  const restoreSchema = { params, body: restoreInputSchema, response: ok(archiveResultSchema) };
  r.post('/api/project/:id/archive', { preHandler: admin, schema: archiveSchema }, (request) =>
    request.withTenant((tdb) => archiveProject(tdb, request.params.id, request.user().userId, request.body.reason)),
  );
  r.post('/api/project/:id/restore', { preHandler: admin, schema: restoreSchema }, (request) =>
    request.withTenant((tdb) => restoreProject(tdb, request.params.id, request.body.reason)),
  );
  r.post('/api/plot/:id/archive', { preHandler: admin, schema: archiveSchema }, (request) =>
    request.withTenant((tdb) => archivePlot(tdb, request.params.id, request.user().userId, request.body.reason)),
  );
  r.post('/api/plot/:id/restore', { preHandler: admin, schema: restoreSchema }, (request) =>
    request.withTenant((tdb) => restorePlot(tdb, request.params.id, request.body.reason)),
  );
}
