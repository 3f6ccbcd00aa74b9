import type { PartnerDto, PartnerInput } from '@plotbook/domain';

export interface ProjectShareRow {
  key: string;
  projectId: number | null;
  /** `''` when no share is given (the share is optional). */
  percentageShare: number | '';
}

export interface PartnerFormValues {
  partnerName: string;
  city: string;
  email: string;
  phone: string;
  projects: ProjectShareRow[];
}

let nextKey = 0;
export const blankShareRow = (): ProjectShareRow => ({
  key: `share-${++nextKey}`,
  projectId: null,
  percentageShare: '',
});

export const emptyPartner = (): PartnerFormValues => ({
  partnerName: '',
  city: '',
  email: '',
  phone: '',
  projects: [blankShareRow()],
});

export function fromPartner(partner: PartnerDto): PartnerFormValues {
  return {
    partnerName: partner.partnerName,
    city: partner.city,
    email: partner.email ?? '',
    phone: partner.phone ?? '',
    projects:
      partner.projects.length === 0
        ? [blankShareRow()]
        : partner.projects.map((p) => ({
            ...blankShareRow(),
            projectId: p.projectId,
            percentageShare: p.percentageShare ?? '',
          })),
  };
}

export function toInput(values: PartnerFormValues): PartnerInput {
  return {
    partnerName: values.partnerName,
    city: values.city,
    email: values.email.trim() || null,
    phone: values.phone.replace(/[\s-]/g, '') || null,
    projects: values.projects.map((row) => ({
      projectId: row.projectId ?? (undefined as unknown as number),
      percentageShare: row.percentageShare === '' ? null : row.percentageShare,
    })),
  };
}

/** Shares already given in each project by partners other than `exceptPartnerId`. */
export function sharesTaken(partners: PartnerDto[], exceptPartnerId: number | null): Map<number, number> {
  const taken = new Map<number, number>();
  for (const partner of partners) {
    if (partner.partnerId === exceptPartnerId) continue;
    for (const p of partner.projects) {
      taken.set(p.projectId, Math.round(((taken.get(p.projectId) ?? 0) + (p.percentageShare ?? 0)) * 100) / 100);
    }
  }
  return taken;
}
