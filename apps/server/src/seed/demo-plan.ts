import { formatNumber } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { readPlanFile } from '../modules/plans/plan-file.js';
import { upsertPlan } from '../modules/plans/plans.repository.js';

/**
 * The demo's layout plan (issue 21): a layout of two rows of plots either side of a 30 ft road, with the mandir,
 * a garden, the entry from the main road and a north arrow, as a surveyor's drawing exported from Inkscape would
 * name it: each plot a shape whose id is `plot-N` and whose inkscape:label and <title> are the plot's name.
 */
export function demoPlanSvg(plots: readonly { name: string; size: number }[]): string {
  const perRow = Math.ceil(plots.length / 2);
  const width = 82;
  const left = 60;
  const shapes = plots.map((plot, i) => {
    const top = i < perRow;
    const column = top ? i : i - perRow;
    const x = left + column * width;
    const y = top ? 60 : 360;
    const number = plot.name.replace(/^Plot\s*/i, '');
    return `    <rect id="plot-${number}" inkscape:label="${plot.name}" x="${x}" y="${y}" width="${width - 4}" height="220" rx="2" fill="#ffffff" stroke="#343a40" stroke-width="2"><title>${plot.name}</title></rect>
    <text x="${x + (width - 4) / 2}" y="${y + 105}" font-size="26" font-weight="700" text-anchor="middle" fill="#212529">${number}</text>
    <text x="${x + (width - 4) / 2}" y="${y + 135}" font-size="13" text-anchor="middle" fill="#495057">${formatNumber(plot.size, 0)} sq ft</text>`;
  });
  const roadRight = left + perRow * width + 10;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${roadRight + 140}" height="640" viewBox="0 0 ${roadRight + 140} 640">
  <title>Layout plan</title>
  <rect id="boundary" x="20" y="20" width="${roadRight + 100}" height="600" fill="#f8f9fa" stroke="#212529" stroke-width="3"/>
  <g id="roads" inkscape:label="Roads">
    <rect x="20" y="290" width="${roadRight + 100}" height="60" fill="#ced4da"/>
    <line x1="30" y1="320" x2="${roadRight + 110}" y2="320" stroke="#ffffff" stroke-width="3" stroke-dasharray="18 12"/>
    <text x="${roadRight / 2}" y="312" font-size="15" text-anchor="middle" fill="#343a40">30 ft Road</text>
    <polygon points="20,300 4,320 20,340" fill="#495057"/>
    <text x="30" y="342" font-size="12" fill="#343a40">Entry from Wardha Road</text>
  </g>
  <g id="plots" inkscape:label="Plots">
${shapes.join('\n')}
  </g>
  <g id="amenities" inkscape:label="Amenities">
    <rect x="${roadRight}" y="60" width="100" height="220" fill="#fff3bf" stroke="#e67700" stroke-width="2"/>
    <text x="${roadRight + 50}" y="175" font-size="16" text-anchor="middle" fill="#7a3e00">Mandir</text>
    <rect x="${roadRight}" y="360" width="100" height="220" fill="#d3f9d8" stroke="#2b8a3e" stroke-width="2"/>
    <text x="${roadRight + 50}" y="475" font-size="16" text-anchor="middle" fill="#14532d">Garden</text>
  </g>
  <g id="north" transform="translate(${roadRight + 90}, 28)">
    <polygon points="10,0 18,22 10,17 2,22" fill="#212529"/>
    <text x="10" y="36" font-size="12" text-anchor="middle" fill="#212529">N</text>
  </g>
</svg>
`;
}

/** Stores the demo plan on a project (cleaned as an upload is), through the plan's own writer. */
export async function seedDemoPlan(
  tdb: TenantDb,
  projectId: number,
  plots: readonly { name: string; size: number }[],
  userId: number,
): Promise<void> {
  const file = readPlanFile('image/svg+xml', Buffer.from(demoPlanSvg(plots), 'utf8'));
  await upsertPlan(tdb, projectId, { ...file, fileName: 'sai-nagar-phase-1-layout.svg' }, userId);
}
