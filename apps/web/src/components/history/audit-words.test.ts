import type { AuditEntryDto } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { auditDetails, recordName } from './audit-words';

const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  at: '2026-11-27T08:35:00.000Z',
  userId: 1,
  userName: 'Asha Kulkarni',
  clientAddress: null,
  requestId: null,
  entity: 'purchase',
  entityId: 15,
  action: 'create',
  changes: {},
  reason: null,
  ...over,
});

describe('the details under an audit sentence', () => {
  it('leave out the keys to other rows, which nobody can read', () => {
    const created = entry({
      changes: {
        amount: [null, 12500000.5],
        project_id: [null, 1],
        partner_id: [null, 3],
        particular: [null, 'Kharedikhar'],
      },
    });
    expect(auditDetails(created)).toBe('Amount: ₹ 1,25,00,000.50; Particular: Kharedikhar');
  });

  it("leave out a new record's empty figures", () => {
    const sale = entry({
      entity: 'sale',
      changes: {
        sale_amount: [null, 300000],
        emi_total: [null, 0],
        advance_amount: [null, 0],
        installments: [null, 0],
        buyer_name: [null, 'Sunita Pawar'],
      },
    });
    expect(auditDetails(sale)).toBe('Sale amount: ₹ 3,00,000.00; Buyer: Sunita Pawar');
  });

  it('say nothing for an archive, whose sentence already gives the reason', () => {
    const archived = entry({
      entity: 'partner',
      action: 'archive',
      changes: {
        archived_at: [null, '2026-11-28T05:13:00.000Z'],
        archived_by: [null, 2],
        archive_reason: [null, 'Left the partnership'],
      },
      reason: 'Left the partnership',
    });
    expect(auditDetails(archived)).toBe('');
  });
});

describe('the record an entry is about', () => {
  it('names a record by its type and number, a sign-in by its type alone', () => {
    expect(recordName(entry({}))).toBe('Purchase #15');
    expect(recordName(entry({ entity: 'session', entityId: 2 }))).toBe('Sign-in');
  });
});
