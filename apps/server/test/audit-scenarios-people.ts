import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';
import { runId } from './helpers.js';

/** The trail scenarios of a company's people: users, sign-ins, passwords, own settings (audit-scenarios.ts). */

/** A user as created: who they are and how the account starts (never a password). */
const NEW_USER_FIELDS = [
  'user_name',
  'email_id',
  'mobile_number',
  'city',
  'role',
  'approved',
  'reset_password_required',
];
const PASSWORD = 'trail-password-1';

const newEmail = () => `trail-${runId()}@example.com`;

/** An active user with a known password; answers their email and id. */
async function activeUser(c: TrailContext, role: 'USER' | 'TENANT_ADMIN' = 'USER') {
  const email = newEmail();
  await c.t.addUser(c.acme, email, PASSWORD, role);
  return { email, id: await c.userIdOf(email) };
}

const registration = (emailId: string) => ({
  userName: 'Trail Registrant',
  emailId,
  mobileNumber: '9876543210',
  city: 'Nagpur',
  password: PASSWORD,
});

/** A self-registered user waiting for approval (built, not the write under test); answers their email and id. */
async function pendingUser(c: TrailContext) {
  const email = newEmail();
  const res = await c.call('POST', `/api/admin/tenants/${c.acme.tenantId}/register`, registration(email), null);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, id: await c.userIdOf(email) };
}

export const PEOPLE_SCENARIOS: ScenarioTable = {
  'POST /api/tenant-admin/users': {
    async run(c) {
      const body = {
        name: 'Trail Clerk',
        email: newEmail(),
        password: PASSWORD,
        mobileNumber: '9876543210',
        city: 'Pune',
      };
      const res = await c.write('POST', '/api/tenant-admin/users', body, c.admin.token);
      return { res, rows: [row('user', res.json().id, 'create', c.admin.id, NEW_USER_FIELDS)] };
    },
  },
  'PATCH /api/tenant-admin/users/{id}': {
    async run(c) {
      const { id } = await activeUser(c);
      const res = await c.write('PATCH', `/api/tenant-admin/users/${id}`, { enabled: false }, c.admin.token);
      return { res, rows: [row('user', id, 'update', c.admin.id, ['enabled'])] };
    },
  },
  'POST /api/tenant-admin/users/{id}/reset-password': {
    async run(c) {
      const { id } = await activeUser(c);
      const res = await c.write('POST', `/api/tenant-admin/users/${id}/reset-password`, undefined, c.admin.token);
      return { res, rows: [row('user', id, 'password', c.admin.id)] };
    },
  },
  'POST /api/tenant-admin/users/{id}/approve': {
    async run(c) {
      const { id } = await pendingUser(c);
      const res = await c.write('POST', `/api/tenant-admin/users/${id}/approve`, undefined, c.admin.token);
      return { res, rows: [row('user', id, 'approve', c.admin.id, ['approved'])] };
    },
  },
  'POST /api/tenant-admin/users/{id}/reject': {
    async run(c) {
      const { id } = await pendingUser(c);
      const res = await c.write('POST', `/api/tenant-admin/users/${id}/reject`, undefined, c.admin.token);
      return { res, rows: [row('user', id, 'delete', c.admin.id, ['email_id'])] };
    },
  },
  'POST /api/admin/tenants/{tenantId}/register': {
    name: 'on the company’s address: a pending user, by nobody signed in',
    async run(c) {
      const email = newEmail();
      const res = await c.write('POST', `/api/admin/tenants/${c.acme.tenantId}/register`, registration(email), null);
      return { res, rows: [row('user', await c.userIdOf(email), 'create', null, NEW_USER_FIELDS)] };
    },
  },
  'POST /api/verify-email': {
    async run(c) {
      const { email, id } = await pendingUser(c);
      const mail = await c.t.mail.latest(email);
      const token = /verify-email\?token=(\S+)/.exec(mail.text)?.[1];
      const res = await c.write('POST', '/api/verify-email', { token }, null);
      return { res, rows: [row('user', id, 'update', null, ['email_verified'])] };
    },
  },
  'POST /api/login': [
    {
      name: 'a sign-in: the session, by the user signing in',
      async run(c) {
        const { email, id } = await activeUser(c);
        const res = await c.write('POST', '/api/login', { emailId: email, password: PASSWORD }, null);
        return { res, rows: [row('session', id, 'sign-in', id, ['email_id'])] };
      },
    },
    {
      name: 'a wrong password: a failed sign-in naming the account, kept although the request fails',
      async run(c) {
        const { email, id } = await activeUser(c);
        const res = await c.write('POST', '/api/login', { emailId: email, password: 'not-the-password' }, null);
        return { res, status: 401, rows: [row('session', id, 'sign-in-failed', null, ['email_id'])] };
      },
    },
    {
      name: 'an unknown email: a failed sign-in naming no account',
      async run(c) {
        const res = await c.write('POST', '/api/login', { emailId: newEmail(), password: PASSWORD }, null);
        return { res, status: 401, rows: [row('session', null, 'sign-in-failed', null, ['email_id'])] };
      },
    },
  ],
  'POST /api/master/login': {
    name: 'a tenant admin on the company’s address',
    async run(c) {
      const { email, id } = await activeUser(c, 'TENANT_ADMIN');
      const res = await c.write('POST', '/api/master/login', { email, password: PASSWORD }, null);
      return { res, rows: [row('session', id, 'sign-in', id, ['email_id'])] };
    },
  },
  'POST /api/resetPwd': {
    async run(c) {
      const { email, id } = await activeUser(c);
      const body = { emailId: email, oldPwd: PASSWORD, newPwd: 'trail-password-2' };
      const res = await c.write('POST', '/api/resetPwd', body, null);
      // By the account's owner, who proved the old password (nobody is signed in).
      return { res, rows: [row('user', id, 'password', id)] };
    },
  },
  'POST /api/forgot-password': {
    name: 'the temporary password is stored after the answer: its row follows',
    async run(c) {
      const { email, id } = await activeUser(c);
      const res = await c.write('POST', `/api/forgot-password?email=${encodeURIComponent(email)}`, undefined, null);
      return { res, rows: [row('user', id, 'password', null)] };
    },
  },
  'PUT /api/settings/profile': {
    async run(c) {
      // Saved once as it is first: the test user's mobile number is stored as typed, a save normalises it.
      const body = { userName: 'Test USER', mobileNumber: '9999999999', city: 'Pune' };
      await c.call('PUT', '/api/settings/profile', body);
      body.city = `Wardha ${runId()}`;
      const res = await c.write('PUT', '/api/settings/profile', body);
      return { res, rows: [row('user', c.user.id, 'update', c.user.id, ['city'])] };
    },
  },
  'POST /api/settings/password': {
    async run(c) {
      // A user of its own: the change ends the other sign-ins of whoever makes it.
      const email = newEmail();
      const token = await c.t.userToken(c.acme, 'USER', email);
      const id = await c.userIdOf(email);
      const body = { currentPassword: 'user-password-1', newPassword: PASSWORD, confirmPassword: PASSWORD };
      const res = await c.write('POST', '/api/settings/password', body, token);
      return { res, rows: [row('user', id, 'password', id)] };
    },
  },
};
