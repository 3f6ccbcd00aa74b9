import {
  formatMobile,
  type PartnerDto,
  type PartnerInput,
  partnerInputSchema,
  projectShare,
  shareOverMessage,
  sumPercent,
} from '@plotbook/domain';
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

/** A row's share beside what the other partners hold in its project (the domain's ≤ 100 % rule); null without a project. */
export function rowShare(row: ProjectShareRow, taken: Map<number, number>) {
  if (row.projectId === null) return null;
  return projectShare(taken.get(row.projectId) ?? 0, row.percentageShare === '' ? null : row.percentageShare);
}

/**
 * The rows whose share would take their project past 100 %, keyed like the schema's errors
 * (`projects.0.percentageShare`), with the message the server gives.
 */
export function shareErrors(
  values: PartnerFormValues,
  taken: Map<number, number>,
  projectName: (projectId: number) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  values.projects.forEach((row, index) => {
    if (row.projectId === null || row.percentageShare === '') return;
    const message = shareOverMessage(projectName(row.projectId), taken.get(row.projectId) ?? 0, row.percentageShare);
    if (message) errors[`projects.${index}.percentageShare`] = message;
  });
  return errors;
}
