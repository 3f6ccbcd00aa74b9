import type { RegistrationAnswer, RegistrationCommand, RegistrationSavedAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertProject, getPlot } from '../projects/projects.service.js';
import { insertRegistration, pageRegistrations } from './registrations.repository.js';

/**
 * Registers a plot's sale deed. Only a fully paid plot (sold, and Completed receipts cover the sale amount —
 * docs/design.md §7; the plot's flags come from the one query that defines them) that is not yet registered qualifies.
 */
export async function registerPlot(
  tdb: TenantDb,
  input: RegistrationCommand,
  userId: number,
): Promise<RegistrationSavedAnswer> {
  const plot = await getPlot(tdb, input.plotId);
  if (plot.isRegistered) throw conflict(`${plot.plotName} is already registered.`);
  if (!plot.isSold) throw conflict(`${plot.plotName} is not sold, so it cannot be registered.`);
  if (!plot.isFullyPaid) {
    throw conflict(`${plot.plotName} is not fully paid yet, so it cannot be registered.`);
  }
  if (plot.plotSaleDate && input.registrationDate < plot.plotSaleDate) {
    throw badRequest('Registration date cannot be before the plot sale date.', {
      registrationDate: 'Registration date cannot be before the plot sale date.',
    });
  }
  const id = await insertRegistration(tdb, input, userId);
  if (id === undefined) throw conflict(`${plot.plotName} is already registered.`);
  const after = {
    plot_id: input.plotId,
    registration_office: input.registrationOffice,
    registration_date: input.registrationDate,
    document_no: input.documentNo,
  };
  recordChange(tdb, { entity: 'registration', entityId: id, action: 'create', changes: changedFields(null, after) });
  return { id, message: 'Registration saved successfully!' };
}

/** Registered Plots: a page of every registration, or of one project's. */
export async function getRegistrations(
  tdb: TenantDb,
  where: { projectId?: number },
  page: PageRequest,
): Promise<Page<RegistrationAnswer>> {
  if (where.projectId !== undefined) await assertProject(tdb, where.projectId);
  return pageRegistrations(tdb, where, page);
}
