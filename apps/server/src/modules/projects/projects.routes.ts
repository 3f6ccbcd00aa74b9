import {
  id,
  messageResponseSchema,
  pageQuerySchema,
  plotSchema,
  plotSummarySchema,
  projectDetailsSchema,
  projectInputSchema,
  projectPartnerSchema,
  projectSavedSchema,
  projectSchema,
  projectSummarySchema,
  projectWithPlotsSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, setPageHeaders } from '../../lib/paging.js';
import { jsonRowsOr } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
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

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get('/api/project', { preHandler, schema: { response: ok(z.array(projectSchema)) } }, (request) =>
    request.withTenant(getProjects),
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

  r.get('/api/project/:id/plots', { preHandler, schema: { params, response: ok(z.array(plotSchema)) } }, (request) =>
    request.withTenant((tdb) => getProjectPlots(tdb, request.params.id)),
  );

  r.get(
    '/api/project/:id/partners',
    { preHandler, schema: { params, response: ok(z.array(projectPartnerSchema)) } },
    (request) => request.withTenant((tdb) => getProjectPartners(tdb, request.params.id)),
  );

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
    { preHandler, schema: { params: projectParams, response: ok(z.array(plotSchema)) } },
    (request) => request.withTenant((tdb) => getProjectPlots(tdb, request.params.projectId)),
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
}
