import type { RegistrationDto } from '@plotbook/domain';
import { useMemo } from 'react';
import { type DataColumn, DataTable, type DataTablePaging } from '@/components/data-table';

type NumberedRegistration = RegistrationDto & { serial: number };

const COLUMNS: DataColumn<NumberedRegistration>[] = [
  { key: 'serial', label: '#', kind: 'number', searchable: false, width: 60 },
  { key: 'projectName', label: 'Project' },
  { key: 'plotName', label: 'Plot' },
  { key: 'registrationOffice', label: 'Registration Office' },
  { key: 'registrationDate', label: 'Registration Date', kind: 'date' },
  { key: 'documentNo', label: 'Document No' },
];

/** Registered Plots: one row per registration, a page at a time, numbered in the order they load. */
export function RegistrationsTable({ rows, paging }: { rows: RegistrationDto[]; paging: DataTablePaging }) {
  const numbered = useMemo(() => rows.map((row, i) => ({ ...row, serial: i + 1 })), [rows]);
  return (
    <DataTable
      title="Registrations"
      rows={numbered}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      paging={paging}
      noun="registrations"
      minWidth={760}
    />
  );
}
