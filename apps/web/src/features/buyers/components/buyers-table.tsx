import { Anchor } from '@mantine/core';
import { type BuyerListRowDto, formatMobile } from '@plotbook/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable, type DataTablePaging } from '@/components/data-table';
import { paths } from '@/config/paths';

const COLUMNS: DataColumn<BuyerListRowDto>[] = [
  {
    key: 'name',
    label: 'Buyer',
    render: (b) => (
      <Anchor component={Link} to={paths.app.buyer.getHref(b.buyerId)} fw={500}>
        {b.name}
      </Anchor>
    ),
  },
  { key: 'relativeName', label: "Father's / Husband's Name", value: (b) => b.relativeName ?? '' },
  { key: 'mobile', label: 'Mobile', value: (b) => (b.mobile ? formatMobile(b.mobile) : '') },
  {
    key: 'coBuyers',
    label: 'Co-buyers',
    value: (b) => b.coBuyers.map((c) => c.name).join(', '),
  },
  { key: 'pan', label: 'PAN', value: (b) => b.pan ?? '' },
  { key: 'saleCount', label: 'Plots', kind: 'number', width: 80 },
];

/** The Buyers list: one row per buyer, a page at a time, searched on the server by name or mobile. */
export function BuyersTable({ rows, paging }: { rows: BuyerListRowDto[]; paging: DataTablePaging }) {
  return (
    <DataTable
      title="Buyers"
      rows={rows}
      columns={COLUMNS}
      rowKey={(b) => b.buyerId}
      paging={paging}
      noun="buyers"
      minWidth={820}
    />
  );
}
