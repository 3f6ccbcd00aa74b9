import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDb } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

/** The outbox row for `recipient`, waiting for mail sent after the answer (forgot-password queues its mail). */
async function keptFor(t: TestContext, recipient: string) {
  for (let tries = 0; ; tries++) {
    const row = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', recipient)
      .executeTakeFirst();
    if (row || tries > 100) return row ?? { subject: '', body: '' };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Without SMTP, mail goes to the platform outbox — also for mail sent while creating tenant users. */
describe.each(engines)('mail outbox on $name', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, { outbox: true });
  });
  afterAll(() => t.close());

  it('keeps the generated passwords of a new tenant admin and a registered user in the outbox', async () => {
    const tenant = await t.createTenant('boxed', 'chief@boxed.test');
    const res = await t.call(tenant.tenantId, {
      method: 'POST',
      url: `/api/admin/tenants/${tenant.tenantId}/register`,
      payload: {
        userName: 'Nisha',
        emailId: 'nisha@boxed.test',
        mobileNumber: '9876543210',
        city: 'Pune',
        password: '',
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'body'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.recipient)).toEqual(['chief@boxed.test', 'nisha@boxed.test']);
    // The outbox is not their mailbox: the generated passwords are kept and shown masked, the rest as written.
    for (const row of rows) {
      expect(row.body).toMatch(/^Password: ••••••••$/m);
      expect(row.body).not.toMatch(/Password: (?!••••••••$)/m);
    }
    expect(rows[1]?.body).toContain('Email: nisha@boxed.test');
    expect(t.mail.messages).toHaveLength(0);
  });

  it('masks the verification link of a registration with a chosen password, keeping the address readable', async () => {
    const tenant = await t.createTenant('linked');
    const res = await t.call(tenant.tenantId, {
      method: 'POST',
      url: `/api/admin/tenants/${tenant.tenantId}/register`,
      payload: {
        userName: 'Ravi',
        emailId: 'ravi@linked.test',
        mobileNumber: '9876543210',
        city: 'Pune',
        password: 'chosen-pass-1',
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select('body')
      .where('recipient', '=', 'ravi@linked.test')
      .executeTakeFirstOrThrow();
    expect(row.body).toContain(`http://${tenant.tenantId}.localhost:8080/verify-email?token=••••••••\n`);
  });
});

describe.each(engines)('a password the outbox masks, told to the super admin on $name', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, { outbox: true });
  });
  afterAll(() => t.close());

  it("says that a new company's admin and a reset tenant admin got no readable password, and what to do", async () => {
    const token = await t.superAdminToken();
    const create = (suffix: string, initialAdminEmail: string) =>
      t.call(null, {
        method: 'POST',
        url: '/api/admin/create-tenant',
        token,
        payload: {
          tenantId: `${t.prefix}-${suffix}`,
          dbName: `${t.prefix}_${suffix}`,
          dbUsername: `${t.prefix}_${suffix}_role`,
          dbPassword: 'tenant-db-pass',
          initialAdminEmail,
        },
      });
    const withAdmin = await create('told', 'chief@told.test');
    expect(withAdmin.statusCode).toBe(201);
    expect(withAdmin.json().notice).toBe(
      'Mail is not sent: SMTP is not configured, so nobody can read the password. Add an admin with a password you choose (Tenant Users → Add New User), or configure SMTP_URL.',
    );
    const withoutAdmin = await create('quiet', '');
    expect(withoutAdmin.statusCode).toBe(201);
    expect(withoutAdmin.json().notice).toBeNull();

    const admins = await t.call(null, { method: 'GET', url: '/api/admin/tenant-admins', token });
    const chief = (admins.json() as Array<{ id: number; email: string }>).find((a) => a.email === 'chief@told.test');
    const reset = await t.call(null, {
      method: 'POST',
      url: `/api/admin/tenant-admins/${t.prefix}-told/${chief?.id}/reset-password`,
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(
      'The password was reset. Mail is not sent: SMTP is not configured, so nobody can read the password. Add an admin with a password you choose (Tenant Users → Add New User), or configure SMTP_URL.',
    );
  });
});

describe.each(engines)('mail logging on $name', (engine) => {
  let t: TestContext;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine, { outbox: true, logLines });
  });
  afterAll(() => t.close());

  it('logs the recipient and subject of a mail, never its body (which carries a temporary password)', async () => {
    const tenant = await t.createTenant('logged');
    await t.addUser(tenant, 'quiet@logged.test', 'quiet-pass-1');
    const res = await t.call(tenant.tenantId, { method: 'POST', url: '/api/forgot-password?email=quiet@logged.test' });
    expect(res.statusCode).toBe(200);
    const row = await keptFor(t, 'quiet@logged.test');
    expect(row.body).toMatch(/^Temporary password: ••••••••$/m);
    const mailLines = logLines.filter((l) => l.includes('mail kept in outbox'));
    expect(mailLines).toHaveLength(1);
    expect(JSON.parse(mailLines[0] ?? '{}')).toMatchObject({
      to: 'quiet@logged.test',
      subject: 'Your Plotbook temporary password',
      msg: 'mail kept in outbox',
    });
    expect(logLines.join('\n')).not.toContain('Temporary password');
    expect(logLines.join('\n')).not.toContain('Hello');
  });
});
