import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth.js';
import { isoDate, rupees } from './common.js';
import { createTenantSchema } from './tenants.js';

describe('shared schemas', () => {
  it('normalises emails and treats a blank password as none', () => {
    const parsed = registerSchema.parse({
      userName: ' Asha ',
      emailId: 'Asha@Example.COM',
      mobileNumber: '9876543210',
      city: 'Pune',
      password: '',
    });
    expect(parsed).toEqual({
      userName: 'Asha',
      emailId: 'asha@example.com',
      mobileNumber: '9876543210',
      city: 'Pune',
      password: undefined,
    });
  });
  it('accepts both date forms the web sends and rejects impossible dates', () => {
    expect(isoDate.parse('2026-02-28T00:00:00')).toBe('2026-02-28');
    expect(isoDate.safeParse('2026-02-30').success).toBe(false);
  });
  it('refuses negative and over-precise amounts', () => {
    expect(rupees.safeParse(-1).success).toBe(false);
    expect(rupees.safeParse(1.005).success).toBe(false);
    expect(rupees.parse(1.05)).toBe(1.05);
  });
  it('validates tenant identifiers and refuses reserved names', () => {
    const ok = createTenantSchema.safeParse({
      tenantId: 'acme',
      dbName: 'acme_db',
      dbUsername: 'acme_user',
      dbPassword: 'password1',
    });
    expect(ok.success && ok.data.initialAdminEmail).toBe(null);
    const bad = createTenantSchema.safeParse({
      tenantId: 'Acme!',
      dbName: 'platform',
      dbUsername: '1x',
      dbPassword: 'short',
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Database name is a reserved name');
    expect(messages).toContain('DB password must be at least 8 characters');
  });
});
