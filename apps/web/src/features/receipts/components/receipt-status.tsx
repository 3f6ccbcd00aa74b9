import { Badge, Select, type SelectProps } from '@mantine/core';
import { NEW_RECEIPT_STATUSES, type NewReceiptStatus, type ReceiptStatus } from '@plotbook/domain';

/**
 * Pending is shown red (not money yet), Completed green (money received), Cancelled grey (counts nowhere), Reversed
 * orange (was received, taken back with a reason; counts nowhere).
 */
export const RECEIPT_STATUS_COLORS: Record<ReceiptStatus, string> = {
  Pending: 'red',
  Completed: 'green',
  Cancelled: 'gray',
  Reversed: 'orange',
};

export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <Badge color={RECEIPT_STATUS_COLORS[status]} variant="light" style={{ overflow: 'visible' }}>
      {status}
    </Badge>
  );
}

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: 5,
        background: `var(--mantine-color-${color}-6)`,
      }}
    />
  );
}

/** The receipt's status, its colour shown next to the choice and in the list. */
export function ReceiptStatusSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: NewReceiptStatus | null;
  onChange: (status: NewReceiptStatus | null) => void;
}) {
  const color = value ? RECEIPT_STATUS_COLORS[value] : null;
  return (
    <Select
      label="Status"
      placeholder="Select status"
      {...props}
      data={NEW_RECEIPT_STATUSES.map((s) => ({ value: s, label: s }))}
      value={value}
      onChange={(v) => onChange((v as NewReceiptStatus | null) ?? null)}
      allowDeselect={false}
      leftSection={color ? <Dot color={color} /> : null}
      renderOption={({ option }) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Dot color={RECEIPT_STATUS_COLORS[option.value as ReceiptStatus]} />
          {option.label}
        </span>
      )}
      styles={color ? { input: { color: `var(--mantine-color-${color}-8)`, fontWeight: 600 } } : undefined}
    />
  );
}
