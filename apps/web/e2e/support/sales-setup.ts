import type { Page } from '@playwright/test';

/** Calls the API from the signed-in page (same origin, the stored token), as the web app would. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  );
}

export interface BuiltProject {
  projectId: number;
  plots: { plotId: number; plotName: string }[];
  /** Partner ids by name. */
  partners: Record<string, number>;
}

/** A project with the given plots (1,000 sq ft each) and partners with their shares, built through the API. */
export async function buildProject(
  page: Page,
  name: string,
  plotNames: string[],
  partners: { name: string; share: number }[],
): Promise<BuiltProject> {
  const { projectId } = await callApi<{ projectId: number }>(page, 'POST', '/project', {
    projectName: name,
    city: 'Nagpur',
    totalArea: 10000,
    totalRate: 100,
    plots: plotNames.map((plotName) => ({ plotName, totalPlotSize: 1000 })),
  });
  const built: BuiltProject = { projectId, plots: [], partners: {} };
  for (const partner of partners) {
    const { partnerId } = await callApi<{ partnerId: number }>(page, 'POST', '/partner', {
      partnerName: partner.name,
      city: 'Nagpur',
      projects: [{ projectId, percentageShare: partner.share }],
    });
    built.partners[partner.name] = partnerId;
  }
  const project = await callApi<{ plots: { plotId: number; plotName: string }[] }>(
    page,
    'GET',
    `/project/${projectId}`,
  );
  built.plots = project.plots;
  return built;
}

/**
 * Sells a plot for full payment (POST /api/sale) and records one Completed receipt of `received` rupees credited
 * to a partner (POST /api/payment): with `received` equal to `saleAmount` the plot is fully paid.
 */
export async function sellPlot(
  page: Page,
  sale: { projectId: number; plotId: number; saleAmount: number; received: number; partnerId: number },
): Promise<void> {
  await callApi(page, 'POST', '/sale', {
    projectId: sale.projectId,
    plotId: sale.plotId,
    saleDate: '2026-10-02',
    saleAmount: sale.saleAmount,
    paymentType: 'Cash',
    buyerName: 'Ramesh Patil',
  });
  if (sale.received <= 0) return;
  await callApi(page, 'POST', '/payment', {
    projectId: sale.projectId,
    plotId: sale.plotId,
    status: 'Completed',
    payments: [
      {
        particular: 'Advance',
        date: '2026-10-05',
        mode: 'Cash',
        amount: sale.received,
        partnerId: sale.partnerId,
      },
    ],
  });
}

/**
 * A one-plot project sold for ₹ 10,00,000 with 130 Completed receipt lines (two receipts: one holds at most 100)
 * credited to its one partner, each credited to `Counter <n>` and ₹ 1,000, except the one dated last:
 * 31/12/2026, `Zed Late Counter`, ₹ 4,321. In all ₹ 1,33,321: more than the first page of a paged list (100).
 */
export async function projectWithManyReceipts(page: Page, name: string) {
  const partner = `Devika ${Date.now()}`;
  const project = await buildProject(page, name, ['PG-1'], [{ name: partner, share: 100 }]);
  const { projectId } = project;
  const partnerId = project.partners[partner] as number;
  const plotId = project.plots[0]?.plotId as number;
  await callApi(page, 'POST', '/sale', {
    projectId,
    plotId,
    saleDate: '2026-01-02',
    saleAmount: 1000000,
    paymentType: 'Cash',
    buyerName: 'Meera Joshi',
  });
  const line = (i: number, amount: number) => ({
    particular: 'Advance',
    date: `2026-02-${String((i % 27) + 1).padStart(2, '0')}`,
    mode: 'Cash',
    creditTo: `Counter ${i}`,
    amount,
    partnerId,
  });
  await callApi(page, 'POST', '/payment', {
    projectId,
    plotId,
    status: 'Completed',
    payments: Array.from({ length: 100 }, (_, i) => line(i, 1000)),
  });
  await callApi(page, 'POST', '/payment', {
    projectId,
    plotId,
    status: 'Completed',
    payments: [
      ...Array.from({ length: 29 }, (_, i) => line(100 + i, 1000)),
      { ...line(999, 4321), date: '2026-12-31', creditTo: 'Zed Late Counter' },
    ],
  });
  return { name, projectId, partner };
}
