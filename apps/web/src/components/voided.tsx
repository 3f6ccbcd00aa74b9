import { Switch, Text } from '@mantine/core';
import { formatIndiaDateTime } from '@plotbook/domain';

/** What a voidable row carries (`?voided=include` lists): when, by whom (a name) and why it was voided. */
export interface Voidable {
  voidedAt?: string | null;
  voidedBy?: string | null;
  voidReason?: string | null;
}

export const isVoided = (row: Voidable): boolean => Boolean(row.voidedAt);

/** The DataTable `rowTone` of a list with voided rows: those are struck through. */
export const voidedTone = (row: Voidable) => (isVoided(row) ? ('voided' as const) : undefined);

/**
 * `Voided by Asha Kulkarni on 27/11/2026 14:05: duplicate entry`, in a voided row's action cell; the DataTable does
 * not strike through the cell that holds it (`data-void-note`).
 */
export function VoidedNote({ row }: { row: Voidable }) {
  return (
    <Text
      size="xs"
      c="dimmed"
      component="span"
      data-void-note
      style={{ display: 'inline-block', minWidth: 120, maxWidth: 200 }}
    >
      Voided{row.voidedBy ? ` by ${row.voidedBy}` : ''}
      {row.voidedAt ? ` on ${formatIndiaDateTime(row.voidedAt)}` : ''}
      {row.voidReason ? `: ${row.voidReason}` : ''}
    </Text>
  );
}

/** The "Show voided" switch above a list that can include its voided rows. */
export function ShowVoidedSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return <Switch label="Show voided" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} size="sm" />;
}
