import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDb } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

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
    expect(rows[1]?.body).toMatch(/Password: \S{12}/);
    expect(t.mail.messages).toHaveLength(0);
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
    const row = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select(['body'])
      .where('recipient', '=', 'quiet@logged.test')
      .executeTakeFirstOrThrow();
    const temporary = /^Temporary password: (\S+)$/m.exec(row.body)?.[1] ?? '';
    expect(temporary).toHaveLength(12);
    const mailLines = logLines.filter((l) => l.includes('mail kept in outbox'));
    expect(mailLines).toHaveLength(1);
    expect(JSON.parse(mailLines[0] ?? '{}')).toMatchObject({
      to: 'quiet@logged.test',
      subject: 'Your Plotbook temporary password',
      msg: 'mail kept in outbox',
    });
    expect(logLines.join('\n')).not.toContain(temporary);
    expect(logLines.join('\n')).not.toContain('Temporary password');
  });
});
