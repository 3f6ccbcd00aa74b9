import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUNE_15, workedExample } from '../../../test/collections-suite.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import { platformDb, runAsTenant, type TenantRecord } from '../../db/tenancy.js';
import { lockReminders } from './collections.repository.js';

const HOUR = 3_600_000;

describe.each(engines)('collections: reminders on $name', (engine) => {
  let t: TestContext;
  let now = JUNE_15;
  let acme: TenantRecord;
  let token: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => now });
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
  });
  afterAll(() => t?.close());

  const overdue = async (tenant: TenantRecord, projectId: number, as = token) =>
    (
      await t.call(tenant.tenantId, {
        method: 'GET',
        url: `/api/collections/overdue?projectId=${projectId}`,
        token: as,
      })
    ).json().data as {
      installmentId: number;
      buyerName: string;
      installmentNo: number;
      lastReminderAt: string | null;
      lastReminderTo: string | null;
      reminders: number;
    }[];
  const remind = (tenant: TenantRecord, installmentIds: number[], as = token) =>
    t.call(tenant.tenantId, {
      method: 'POST',
      url: '/api/collections/reminders',
      token: as,
      payload: { installmentIds },
    });

  it('sends one mail per buyer over real SMTP, logs each installment on its row, and reports buyers with no email', async () => {
    now = JUNE_15;
    const ex = await workedExample(t, acme, token);
    const asha = await overdue(acme, ex.green.projectId);
    const ravi = await overdue(acme, ex.sunrise.projectId);
    const res = await remind(acme, [
      ...asha.map((r) => r.installmentId),
      (ravi[0] as { installmentId: number }).installmentId,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: [{ buyerName: 'Asha Patil', email: ex.ashaEmail, installments: 3 }],
      noEmail: [{ buyerName: 'Ravi Kale', installments: 1 }],
      skipped: [],
      message: '1 reminder sent; 1 buyer has no email.',
    });
    const mail = await t.mail.latest(ex.ashaEmail);
    expect(t.mail.countFor(ex.ashaEmail)).toBe(1);
    expect(mail.subject).toBe('Payment reminder: installment overdue');
    expect(mail.text).toContain('Dear Asha Patil,');
    expect(mail.text).toContain(
      `- Green Acres ${t.prefix}, plot P1: installment 3 was due on 10/04/2026; ₹ 5,000.00 to pay`,
    );
    expect(mail.text).toContain(`installment 5 was due on 10/06/2026; ₹ 10,000.00 to pay`);
    expect(mail.text).toContain('Total: ₹ 25,000.00');
    const rows = await overdue(acme, ex.green.projectId);
    expect(rows.map((r) => [r.installmentNo, r.lastReminderAt, r.lastReminderTo, r.reminders])).toEqual([
      [3, new Date(JUNE_15).toISOString(), ex.ashaEmail, 1],
      [4, new Date(JUNE_15).toISOString(), ex.ashaEmail, 1],
      [5, new Date(JUNE_15).toISOString(), ex.ashaEmail, 1],
    ]);
    // Logged: who, when, to whom — one trail row per reminder (entity 'reminder', action 'send').
    const trail = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('audit_trail')
        .select(['entity', 'action', 'user_name'])
        .where('entity', '=', 'reminder')
        .execute(),
    );
    expect(trail).toHaveLength(3);
    expect(trail.every((r) => r.action === 'send' && r.user_name === 'Test USER')).toBe(true);
  });

  it('sends at most one reminder per installment in 24 hours, on the app’s clock', async () => {
    const other = await t.createTenant('clock');
    const otherToken = await t.userToken(other);
    now = JUNE_15;
    const ex = await workedExample(t, other, otherToken);
    const ids = (await overdue(other, ex.green.projectId, otherToken)).map((r) => r.installmentId);
    expect((await remind(other, ids.slice(0, 1), otherToken)).json().sent).toHaveLength(1);
    now = JUNE_15 + 23 * HOUR + 59 * 60_000;
    const again = (await remind(other, ids, otherToken)).json();
    // The two not reminded yet go out; the first is left out until 24 hours have passed.
    expect(again.sent).toEqual([{ buyerName: 'Asha Patil', email: ex.ashaEmail, installments: 2 }]);
    expect(again.skipped).toEqual([{ installmentId: ids[0], reason: 'Reminded in the last 24 hours' }]);
    now = JUNE_15 + 24 * HOUR;
    const later = (await remind(other, ids, otherToken)).json();
    expect(later.sent).toEqual([{ buyerName: 'Asha Patil', email: ex.ashaEmail, installments: 1 }]);
    expect(later.skipped).toHaveLength(2);
    expect(t.mail.countFor(ex.ashaEmail)).toBe(3);
    // Concurrent requests for the same installments: the lock lets one of them send.
    now = JUNE_15 + 72 * HOUR;
    const both = await Promise.all([remind(other, ids, otherToken), remind(other, ids, otherToken)]);
    expect(both.map((r) => r.json().sent.length).sort()).toEqual([0, 1]);
    expect(t.mail.countFor(ex.ashaEmail)).toBe(4);
  });

  it('keeps a reminder whose mail the server refused as failed: not counted as sent, so it can go again at once', async () => {
    const other = await t.createTenant('bounce');
    const otherToken = await t.userToken(other);
    now = JUNE_15;
    const ex = await workedExample(t, other, otherToken);
    const ids = (await overdue(other, ex.green.projectId, otherToken)).map((r) => r.installmentId);
    t.mail.refused.add(ex.ashaEmail.toLowerCase());
    try {
      const failed = (await remind(other, ids, otherToken)).json();
      expect(failed.sent).toEqual([]);
      expect(failed.skipped).toEqual(
        ids.map((installmentId) => ({ installmentId, reason: 'The email could not be sent' })),
      );
      expect(failed.message).toBe('0 reminders sent; 3 installments left out.');
    } finally {
      t.mail.refused.delete(ex.ashaEmail.toLowerCase());
    }
    const rows = await overdue(other, ex.green.projectId, otherToken);
    expect(rows.map((r) => [r.lastReminderAt, r.reminders])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    // The attempt stays logged, marked failed.
    const logged = await t.asTenant(other, (tdb) =>
      tdb.selectFrom('installment_reminders').select(['recipient', 'failed_at']).execute(),
    );
    expect(logged.map((r) => [r.recipient, r.failed_at?.getTime()])).toEqual(ids.map(() => [ex.ashaEmail, JUNE_15]));
    const trail = await t.asTenant(other, (tdb) =>
      tdb.selectFrom('audit_trail').select('action').where('entity', '=', 'reminder').execute(),
    );
    expect(trail.map((r) => r.action).sort()).toEqual([...ids.map(() => 'send'), ...ids.map(() => 'status')].sort());
    const retried = (await remind(other, ids, otherToken)).json();
    expect(retried.sent).toEqual([{ buyerName: 'Asha Patil', email: ex.ashaEmail, installments: 3 }]);
    expect(t.mail.countFor(ex.ashaEmail)).toBe(1);
  });

  it('refuses what is not an overdue installment of the company: unknown or another company’s ids are left out', async () => {
    const other = await t.createTenant('foreign');
    const otherToken = await t.userToken(other);
    now = JUNE_15;
    const ex = await workedExample(t, other, otherToken);
    const ids = (await overdue(other, ex.green.projectId, otherToken)).map((r) => r.installmentId);
    // A tenant admin may send reminders too (USER and TENANT_ADMIN).
    const res = await remind(acme, [(ids[0] as number) + 100000], adminToken);
    expect(res.json().skipped).toEqual([
      { installmentId: (ids[0] as number) + 100000, reason: 'Not an installment of an active sale' },
    ]);
    expect((await remind(acme, [])).statusCode).toBe(400);
    expect(
      (
        await t.call(acme.tenantId, {
          method: 'POST',
          url: '/api/collections/reminders',
          payload: { installmentIds: [1] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('sends automatic reminders once with two servers on one database (the advisory lock), and only when turned on', async () => {
    const company = await t.createTenant('auto');
    const userToken = await t.userToken(company);
    const admin = await t.userToken(company, 'TENANT_ADMIN');
    now = JUNE_15;
    const ex = await workedExample(t, company, userToken);
    // Off by default: nothing is sent.
    const off = await t.app.runAutoReminders();
    expect(off.find((r) => r.tenantId === company.tenantId)).toEqual({ tenantId: company.tenantId, mails: 0 });
    const put = await t.call(company.tenantId, {
      method: 'PUT',
      url: '/api/collections/settings',
      token: admin,
      payload: {
        lateInterestEnabled: false,
        lateInterestRate: 18,
        graceDays: 0,
        autoRemindersEnabled: true,
        remindDaysBefore: 3,
        remindDaysAfter: 5,
      },
    });
    expect(put.statusCode).toBe(200);
    // 15 Jun: Asha's installment 5 (due 10 Jun) is 5 days late → 'after'; nothing falls due in the next 3 days.
    const second = await t.anotherApp();
    const runs = await Promise.all([t.app.runAutoReminders(), second.runAutoReminders()]);
    const mine = runs.map((run) => run.find((r) => r.tenantId === company.tenantId)?.mails);
    expect(mine.filter((m) => m === 1)).toHaveLength(1);
    expect(t.mail.countFor(ex.ashaEmail)).toBe(1);
    expect((await t.mail.latest(ex.ashaEmail)).text).toContain('installment 5 was due on 10/06/2026');
    // Run again (either server): already sent, nothing more.
    await second.runAutoReminders();
    expect(t.mail.countFor(ex.ashaEmail)).toBe(1);
    // 7 Jul, 3 days before installment 6 (due 10 Jul)... it is not paid: a 'before' reminder.
    now = Date.parse('2026-07-07T04:00:00Z');
    await t.app.runAutoReminders();
    expect((await t.mail.latest(ex.ashaEmail)).subject).toBe('Payment reminder: installment due soon');
    expect(t.mail.countFor(ex.ashaEmail)).toBe(2);
    const kinds = await t.asTenant(company, (tdb) =>
      tdb.selectFrom('installment_reminders').select(['kind', 'sent_by']).orderBy('id').execute(),
    );
    expect(kinds).toEqual([
      { kind: 'after', sent_by: null },
      { kind: 'before', sent_by: null },
    ]);
    if (engine.name === 'postgres') {
      // While one server holds the company's lock (it is sending), the other skips the company.
      now = Date.parse('2026-07-08T04:00:00Z');
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = runAsTenant(t.db, company, async (tdb) => {
        await lockReminders(tdb);
        locked();
        await held;
      });
      await isLocked;
      const during = await second.runAutoReminders();
      release();
      await holder;
      expect(during.find((r) => r.tenantId === company.tenantId)?.mails).toBe('locked');
    }
    const outbox = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    expect(Number(outbox?.n)).toBe(0);
  });
});

describe.each(engines)('collections: reminders without SMTP on $name', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => JUNE_15, outbox: true });
  });
  afterAll(() => t?.close());

  it('keeps the reminder in the outbox, as written', async () => {
    const company = await t.createTenant('outbox');
    const token = await t.userToken(company);
    const ex = await workedExample(t, company, token);
    const rows = (
      await t.call(company.tenantId, {
        method: 'GET',
        url: `/api/collections/overdue?projectId=${ex.green.projectId}`,
        token,
      })
    ).json().data as { installmentId: number }[];
    const res = await t.call(company.tenantId, {
      method: 'POST',
      url: '/api/collections/reminders',
      token,
      payload: { installmentIds: rows.map((r) => r.installmentId) },
    });
    expect(res.json().message).toBe('1 reminder sent.');
    const kept = await platformDb(t.db)
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', ex.ashaEmail)
      .executeTakeFirstOrThrow();
    expect(kept.subject).toBe('Payment reminder: installment overdue');
    expect(kept.body).toContain('Total: ₹ 25,000.00');
  });
});
