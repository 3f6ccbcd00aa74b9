import {
  id,
  messageResponseSchema,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listPlotSummaries,
  listPlots,
  listProjectPartners,
  listProjectSummaries,
  listProjects,
} from './projects.repository.js';
import {
  assertProject,
  createProject,
  deletePlot,
  deleteProject,
  getPlot,
  getProject,
  updateProject,
} from './projects.service.js';

const params = z.object({ id });
const projectParams = z.object({ projectId: id });
const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema });

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get('/api/project', { preHandler, schema: { response: ok(z.array(projectSchema)) } }, (request) =>
    request.withTenant(listProjects),
  );

  r.get(
    '/api/project/all-details',
    { preHandler, schema: { response: ok(z.array(projectDetailsSchema)) } },
    (request) =>
      request.withTenant(async (tdb) => {
        const [projects, plots] = await Promise.all([listProjects(tdb), listPlotSummaries(tdb)]);
        return projects.map((p) => ({ ...p, plots: plots.get(p.projectId) ?? [] }));
      }),
  );

  // View Projects: every project with its plot counts; a project's plots load when it is opened.
  r.get('/api/project/summaries', { preHandler, schema: { response: ok(z.array(projectSummarySchema)) } }, (request) =>
    request.withTenant(listProjectSummaries),
  );

  r.get(
    '/api/project/:id/plot-summaries',
    { preHandler, schema: { params, response: ok(z.array(plotSummarySchema)) } },
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.params.id);
        return (await listPlotSummaries(tdb, request.params.id)).get(request.params.id) ?? [];
      }),
  );

  r.get('/api/project/:id', { preHandler, schema: { params, response: ok(projectWithPlotsSchema) } }, (request) =>
    request.withTenant((tdb) => getProject(tdb, request.params.id)),
  );

  r.get('/api/project/:id/plots', { preHandler, schema: { params, response: ok(z.array(plotSchema)) } }, (request) =>
    request.withTenant(async (tdb) => {
      await assertProject(tdb, request.params.id);
      return listPlots(tdb, { projectId: request.params.id });
    }),
  );

  r.get(
    '/api/project/:id/partners',
    { preHandler, schema: { params, response: ok(z.array(projectPartnerSchema)) } },
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.params.id);
        return listProjectPartners(tdb, request.params.id);
      }),
  );

  r.post(
    '/api/project',
    { preHandler, schema: { body: projectInputSchema, response: { 201: projectSavedSchema } } },
    async (request, reply) => {
      const projectId = await request.withTenant((tdb) => createProject(tdb, request.body));
      return reply.status(201).send({ projectId, message: 'Project saved successfully!' });
    },
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
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.params.projectId);
        return listPlots(tdb, { projectId: request.params.projectId });
      }),
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
