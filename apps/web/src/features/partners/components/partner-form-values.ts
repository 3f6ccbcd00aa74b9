import { formatMobile, type PartnerDto, type PartnerInput, partnerInputSchema, sumPercent } from '@plotbook/domain';
import { zodResolver } from '../../../lib/form';

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
    phone: formatMobile(partner.phone),
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
      projectId: row.projectId ?? undefined,
      percentageShare: row.percentageShare === '' ? null : row.percentageShare,
    })),
  };
}

/** The form's field errors from the shared schema (for `@mantine/form`), keyed `partnerName`, `projects.0.projectId`, … */
export const validatePartner = zodResolver<PartnerFormValues>(partnerInputSchema, toInput);

/** Shares already given in each project by partners other than `exceptPartnerId`. */
export function sharesTaken(partners: PartnerDto[], exceptPartnerId: number | null): Map<number, number> {
  const taken = new Map<number, number>();
  for (const partner of partners) {
    if (partner.partnerId === exceptPartnerId) continue;
    for (const p of partner.projects) {
      taken.set(p.projectId, sumPercent([taken.get(p.projectId) ?? 0, p.percentageShare ?? 0]));
    }
  }
  return taken;
}
