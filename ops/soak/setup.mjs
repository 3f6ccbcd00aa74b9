// The soak's companies, made the way an operator makes them: the super admin signs in on the platform address and
// creates each company and two of its users through the platform API; the first user adds a project with its plots
// and two partners sharing it (60/40); both users sign in on the company's address. Nothing is written to a
// database directly.
import { call, json } from './http.mjs';

const USER_PASSWORD = 'soak-pass-2026';

async function must(base, options, what) {
  for (let attempt = 1; ; attempt++) {
    const answer = await call(base, { timeoutMs: 120_000, ...options });
    if (answer.status >= 200 && answer.status < 300) return json(answer);
    // The set-up runs before the chaos: only a busy machine's 503 is worth a second try.
    if (answer.status !== 503 || attempt === 3)
      throw new Error(`${what} answered ${answer.outcome}: ${answer.body.toString().slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function signIn(base, host, email) {
  const body = { emailId: email, password: USER_PASSWORD };
  return (await must(base, { host, method: 'POST', path: '/api/login', body }, `sign-in of ${email}`)).token;
}

function projectBody(n, plots) {
  return {
    projectName: `Soak Meadows ${n}`,
    city: 'Nagpur',
    totalArea: plots * 1500,
    totalRate: 300,
    roadArea: plots * 200,
    plots: Array.from({ length: plots }, (_, i) => ({
      plotName: `SM-${String(i + 1).padStart(4, '0')}`,
      totalPlotSize: 1200,
      listRate: 1000,
      facing: ['E', 'W', 'N', 'S'][i % 4],
    })),
  };
}

/** One company with its project, partners and two signed-in users; answers what the clients need. */
async function makeCompany(base, adminToken, tenantId, n, plots) {
  const platform = { host: 'localhost', token: adminToken, method: 'POST' };
  const db = tenantId.replaceAll('-', '_');
  await must(
    base,
    {
      ...platform,
      path: '/api/admin/create-tenant',
      body: { tenantId, dbName: `${db}_db`, dbUsername: `${db}_user`, dbPassword: `${db}-secret-pw` },
    },
    `creating ${tenantId}`,
  );
  const emails = [1, 2].map((u) => `user${u}@${tenantId}.example`);
  for (const [u, email] of emails.entries()) {
    const body = {
      name: `Soak User ${u + 1}`,
      email,
      password: USER_PASSWORD,
      mobileNumber: `98220${String(n).padStart(3, '0')}${u}0`,
      city: 'Nagpur',
      role: 'USER',
    };
    await must(base, { ...platform, path: `/api/admin/tenants/${tenantId}/users`, body }, `user of ${tenantId}`);
  }
  const host = `${tenantId}.localhost`;
  const tokens = [];
  for (const email of emails) tokens.push(await signIn(base, host, email));
  const as = { host, token: tokens[0], method: 'POST' };
  const { projectId } = await must(
    base,
    { ...as, path: '/api/project', body: projectBody(n, plots) },
    `project of ${tenantId}`,
  );
  const partnerIds = [];
  for (const [name, share] of [
    ['Anil Patil', 60],
    ['Meera Joshi', 40],
  ]) {
    const body = { partnerName: name, city: 'Nagpur', projects: [{ projectId, percentageShare: share }] };
    partnerIds.push((await must(base, { ...as, path: '/api/partner', body }, `partner of ${tenantId}`)).partnerId);
  }
  const list = await must(base, { host, token: tokens[0], path: `/api/project/${projectId}/plots` }, 'plots');
  const plotIds = list.map((p) => p.plotId).sort((a, b) => a - b);
  return { tenantId, host, tokens, projectId, partnerIds, plotIds };
}

/**
 * Creates `count` companies named `<prefix>-01`… (`parallel` at a time) and answers them. The super admin signs in
 * with the cluster's generated password.
 */
export async function makeCompanies(base, { prefix, count, plots, adminEmail, adminPassword, parallel = 4, say }) {
  const admin = await must(
    base,
    {
      host: 'localhost',
      method: 'POST',
      path: '/api/master/login',
      body: { email: adminEmail, password: adminPassword },
    },
    'super admin sign-in',
  );
  const companies = [];
  const queue = Array.from({ length: count }, (_, i) => i + 1);
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const tenantId = `${prefix}-${String(n).padStart(2, '0')}`;
      const started = performance.now();
      companies.push(await makeCompany(base, admin.accessToken, tenantId, n, plots));
      say(
        `${tenantId}: company, 2 users, project of ${plots} plots, 2 partners (${Math.round(performance.now() - started)} ms)`,
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return companies.sort((a, b) => a.tenantId.localeCompare(b.tenantId));
}
