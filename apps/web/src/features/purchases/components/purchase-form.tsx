import { Button, Card, Stack } from '@mantine/core';
import { PURCHASE_PARTICULARS, type PurchaseRowInput, purchaseRowsSchema } from '@plotbook/domain';
import { IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormStatus } from '@/components/form-status';
import { RowTable, useMoneyRowsForm } from '@/components/row-table';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { useCreatePurchases } from '../api/create-purchases';
import { ProjectDetailsCard } from './project-details-card';

/** Plot Purchase From Farmer: the payments for one project's land, entered as rows and saved together. */
export function PurchaseForm() {
  const [projectId, setProjectId] = useState<number | null>(null);
  const form = useMoneyRowsForm<PurchaseRowInput>({
    particulars: PURCHASE_PARTICULARS,
    projectId,
    schema: purchaseRowsSchema,
    mutation: useCreatePurchases(),
    successText: 'Saved!',
    failureText: 'Error saving purchases',
  });
  const { table, status, setStatus } = form;

  const changeProject = (id: number | null) => {
    setProjectId(id);
    setStatus(null);
    // Partners belong to a project: a partner chosen for another project is not valid here.
    table.updateAll('partnerId', '');
  };

  const save = () => {
    setStatus(null);
    if (projectId === null) return form.fail('Please select a project before saving.');
    form.submit((money) => ({ projectId, ...money }));
  };

  return (
    <Stack gap="md">
      <Card padding="md">
        <Stack gap="md">
          <ProjectSelect value={projectId} onChange={changeProject} required maw={420} autoFocus />
          {projectId !== null ? <ProjectDetailsCard projectId={projectId} /> : null}
        </Stack>
      </Card>
      <Card padding="md">
        <RowTable
          table={table}
          totalKey="amount"
          onSave={save}
          isSaving={form.isSaving}
          alert={<FormStatus message={status} onClose={() => setStatus(null)} />}
          actions={
            <Button
              component={Link}
              to={`${paths.app.purchaseList.getHref()}${projectId ? `?projectId=${projectId}` : ''}`}
              variant="subtle"
              leftSection={<IconList size={18} />}
            >
              View Purchases
            </Button>
          }
        />
      </Card>
    </Stack>
  );
}
