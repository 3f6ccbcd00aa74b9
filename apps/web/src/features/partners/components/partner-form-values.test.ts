import type { PartnerDto } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { emptyPartner, type PartnerFormValues, sharesTaken, toInput, validatePartner } from './partner-form-values';

const partner = (patch: Partial<PartnerFormValues> = {}): PartnerFormValues => ({
  ...emptyPartner(),
  partnerName: 'Asha',
  city: 'Pune',
  projects: [{ key: 'row-1', projectId: 3, percentageShare: 25 }],
  ...patch,
});

describe('validatePartner', () => {
  it('marks the name, the city and a row without a project, first problem first', () => {
    expect(validatePartner(emptyPartner())).toEqual({
      partnerName: 'Partner name is required',
      city: 'City is required',
      'projects.0.projectId': 'Select a project in every row',
    });
  });

  it('refuses a share above 100 or with more than two decimals', () => {
    const message = 'Share must be between 0 and 100 with at most 2 decimals';
    const row = (percentageShare: number) => [{ key: 'row-1', projectId: 3, percentageShare }];
    expect(validatePartner(partner({ projects: row(100.5) }))).toEqual({ 'projects.0.percentageShare': message });
    expect(validatePartner(partner({ projects: row(12.345) }))).toEqual({ 'projects.0.percentageShare': message });
  });

  it('refuses a malformed email', () => {
    expect(validatePartner(partner({ email: 'asha@' }))).toEqual({ email: 'Enter a valid email address' });
  });

  it('passes a complete partner', () => {
    expect(validatePartner(partner({ email: 'Asha@Example.com', phone: '98765 43210' }))).toEqual({});
  });
});

describe('toInput', () => {
  it('sends empty email and phone as null, the phone without spaces and an empty share as null', () => {
    const values = partner({
      phone: '98765-43210',
      projects: [
        { key: 'a', projectId: 3, percentageShare: 12.5 },
        { key: 'b', projectId: 4, percentageShare: '' },
      ],
    });
    expect(toInput(values)).toEqual({
      partnerName: 'Asha',
      city: 'Pune',
      email: null,
      phone: '9876543210',
      projects: [
        { projectId: 3, percentageShare: 12.5 },
        { projectId: 4, percentageShare: null },
      ],
    });
  });
});

describe('sharesTaken', () => {
  const dto = (partnerId: number, shares: [number, number | null][]): PartnerDto =>
    ({
      partnerId,
      partnerName: `P${partnerId}`,
      city: 'Pune',
      email: null,
      phone: null,
      projects: shares.map(([projectId, percentageShare]) => ({
        projectId,
        projectName: `Project ${projectId}`,
        percentageShare,
      })),
    }) as PartnerDto;

  it('adds the other partners’ shares per project exactly', () => {
    const taken = sharesTaken(
      [
        dto(1, [[3, 33.33]]),
        dto(2, [
          [3, 33.33],
          [4, null],
        ]),
        dto(3, [[3, 33.34]]),
      ],
      null,
    );
    expect(taken.get(3)).toBe(100);
    expect(taken.get(4)).toBe(0);
  });

  it('leaves out the partner being edited', () => {
    const taken = sharesTaken([dto(1, [[3, 40.1]]), dto(2, [[3, 0.2]])], 1);
    expect(taken.get(3)).toBe(0.2);
  });
});
