import { readFileSync } from 'node:fs';
import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';

/** The trail scenarios of a project's layout plan (issue 21): uploaded, replaced, removed (entity 'plan'). */

const SVG = readFileSync(new URL('./fixtures/layout-plan.svg', import.meta.url));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const FIELDS = ['kind', 'mime', 'file_name', 'size_bytes', 'sha256'];
const plan = (projectId: number) => `/api/project/${projectId}/plan`;
const upload = (c: TrailContext, projectId: number, body: Buffer, type: string, name: string) =>
  c.call('PUT', `${plan(projectId)}?fileName=${name}`, body, undefined, { 'content-type': type });

export const PLAN_SCENARIOS: ScenarioTable = {
  'PUT /api/project/{projectId}/plan': [
    {
      name: 'a first plan',
      async run(c) {
        const { projectId } = await c.f.project();
        const res = await c.write('PUT', `${plan(projectId)}?fileName=layout.svg`, SVG, undefined, {
          'content-type': 'image/svg+xml',
        });
        const size = res.json().size;
        return {
          res,
          rows: [
            row('plan', projectId, 'create', c.user.id, FIELDS, {
              kind: [null, 'svg'],
              file_name: [null, 'layout.svg'],
              size_bytes: [null, size],
            }),
          ],
        };
      },
    },
    {
      name: 'a plan replaced',
      async run(c) {
        const { projectId } = await c.f.project();
        const first = await upload(c, projectId, SVG, 'image/svg+xml', 'layout.svg');
        const res = await c.write('PUT', `${plan(projectId)}?fileName=scan.png`, PNG, undefined, {
          'content-type': 'image/png',
        });
        return {
          res,
          rows: [
            row('plan', projectId, 'update', c.user.id, FIELDS, {
              kind: ['svg', 'image'],
              mime: ['image/svg+xml', 'image/png'],
              file_name: ['layout.svg', 'scan.png'],
              size_bytes: [first.json().size, PNG.length],
            }),
          ],
        };
      },
    },
  ],
  'DELETE /api/project/{projectId}/plan': {
    async run(c) {
      const { projectId } = await c.f.project();
      await upload(c, projectId, PNG, 'image/png', 'scan.png');
      const res = await c.write('DELETE', plan(projectId));
      return {
        res,
        rows: [
          row('plan', projectId, 'delete', c.user.id, FIELDS, { kind: ['image', null], mime: ['image/png', null] }),
        ],
      };
    },
  },
};
