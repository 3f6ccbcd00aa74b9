import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth.js';
import { isoDate, MOBILE_MESSAGE, mobileNumber, rupees } from './common.js';
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
      mobileNumber: '+919876543210',
      city: 'Pune',
      password: undefined,
    });
  });
  it.each([
    ['+91 98220 11111', '+919822011111'],
    ['98220 11111', '+919822011111'],
    ['9822011111', '+919822011111'],
    ['09822011111', '+919822011111'],
    ['919822011111', '+919822011111'],
    ['(+91) 98220-11111', '+919822011111'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('stores the mobile number %s as %s', (typed, stored) => {
    expect(mobileNumber.parse(typed)).toBe(stored);
  });
  it.each(['12ab', '98220', '+91 98220 1111', '+0 1234 5678', '1234567890123'])(
    'refuses the mobile number %s',
    (typed) => {
      const result = mobileNumber.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MOBILE_MESSAGE);
    },
  );
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
