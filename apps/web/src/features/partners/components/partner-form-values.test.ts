import type { PartnerDto } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyPartner,
  type PartnerFormValues,
  rowShare,
  shareErrors,
  sharesTaken,
  toInput,
  validatePartner,
} from './partner-form-values';

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

describe('rowShare and shareErrors', () => {
  const taken = new Map([
    [3, 0],
    [4, 33.33],
  ]);
  const rows = (a: number | '', b: number | '') => [
    { key: 'a', projectId: 3, percentageShare: a },
    { key: 'b', projectId: 4, percentageShare: b },
  ];

  it('counts the row’s own share in what is left', () => {
    const [a, b] = rows(33.33, 66.67);
    expect(a && rowShare(a, taken)?.left).toBe(66.67);
    expect(b && rowShare(b, taken)?.left).toBe(0);
    expect(rowShare({ key: 'c', projectId: null, percentageShare: 5 }, taken)).toBeNull();
  });

  it('refuses a share past 100 % with the server’s message, naming the project', () => {
    const name = (id: number) => `Project ${id}`;
    expect(shareErrors(partner({ projects: rows(33.33, 66.67) }), taken, name)).toEqual({});
    expect(shareErrors(partner({ projects: rows('', 70) }), taken, name)).toEqual({
      'projects.1.percentageShare':
        'Shares in Project 4 would add up to 103.33%; they may not exceed 100%. At most 66.67% is left.',
    });
  });
});
