import { Button, Card, Stack } from '@mantine/core';
import {
  PAYMENT_MODES,
  PURCHASE_PARTICULARS,
  type PurchaseRowInput,
  purchaseRowsSchema,
  ROW_REQUIRED,
} from '@plotbook/domain';
import { IconList } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import {
  blankMoneyRow,
  checkRows,
  moneyRowColumns,
  RowTable,
  rowSaveFailure,
  toMoneyRowPayload,
  useIdempotencyKey,
  useRowTable,
} from '@/components/row-table';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreatePurchases } from '../api/create-purchases';
import { ProjectDetailsCard } from './project-details-card';

/** Plot Purchase From Farmer: the payments for one project's land, entered as rows and saved together. */
export function PurchaseForm() {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, renewIdempotencyKey] = useIdempotencyKey();
  const columns = useMemo(
    () => moneyRowColumns({ particulars: PURCHASE_PARTICULARS, modes: PAYMENT_MODES, projectId }),
    [projectId],
  );
  const table = useRowTable(columns, blankMoneyRow);
  const mutation = useCreatePurchases();

  const changeProject = (id: number | null) => {
    setProjectId(id);
    setStatus(null);
    // Partners belong to a project: a partner chosen for another project is not valid here.
    table.updateAll('partnerId', '');
  };

  const save = () => {
    if (mutation.isPending) return;
    setStatus(null);
    if (projectId === null) {
      setStatus({ kind: 'error', text: 'Please select a project before saving.' });
      return;
    }
    if (!table.validate()) {
      setStatus({ kind: 'error', text: ROW_REQUIRED });
      return;
    }
    const { rows, problem } = checkRows<PurchaseRowInput>(
      purchaseRowsSchema,
      table.rows.map((row) => ({ projectId, ...toMoneyRowPayload(row) })),
    );
    if (problem) {
      table.setCellErrors(problem.fields);
      setStatus({ kind: 'error', text: problem.text });
      return;
    }
    mutation.mutate(
      { rows, idempotencyKey },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', text: 'Saved!' });
          table.reset();
          renewIdempotencyKey();
        },
        onError: (error) => {
          if (error instanceof ApiError) table.setCellErrors(error.fields);
          setStatus(rowSaveFailure('Error saving purchases', error));
        },
      },
    );
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
          isSaving={mutation.isPending}
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
