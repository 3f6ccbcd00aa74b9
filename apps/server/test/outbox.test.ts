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
