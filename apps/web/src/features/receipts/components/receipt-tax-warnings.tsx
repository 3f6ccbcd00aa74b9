import { Alert, List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type CompanySettingsDto,
  cashByDay,
  cashRuleIssue,
  hasAtMostTwoDecimals,
  saleTaxSettingsOf,
  toPaise,
} from '@plotbook/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MoneyRowValues } from '@/components/row-table';

/**
 * s.269SS before saving: the cash of this receipt's own lines on each day, held to the company's cash limit with the
 * domain's rule (the server adds the buyer's other cash of that day and answers its own warnings after saving).
 */
export function cashWarningsOf(rows: readonly MoneyRowValues[], settings: CompanySettingsDto | undefined): string[] {
  if (!settings) return [];
  const lines = rows.flatMap((row) => {
    const amount = Number(row.amount);
    if (row.mode !== 'Cash' || !row.date || !Number.isFinite(amount) || amount <= 0) return [];
    if (!hasAtMostTwoDecimals(amount)) return [];
    return [{ mode: row.mode, date: row.date, amountPaise: toPaise(amount) }];
  });
  const rules = saleTaxSettingsOf(settings);
  return [...cashByDay(lines)]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, cash]) => cashRuleIssue(cash, rules, { date }) ?? []);
}

/** Asks before a receipt the cash rule warns about is saved: "Save anyway" saves it, "Go back" leaves it. */
export function confirmCashWarnings(warnings: readonly string[], onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Cash of ₹ 20,000 or more (Income Tax Act s.269SS)',
    children: (
      <>
        {warnings.map((text) => (
          <Text key={text} size="sm" mb="xs">
            {text}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          Save this receipt anyway?
        </Text>
      </>
    ),
    labels: { confirm: 'Save anyway', cancel: 'Go back' },
    confirmProps: { color: 'orange' },
    onConfirm,
  });
}

/** The tax rules' warnings on the receipt screen: before saving (this receipt's cash) and the server's after. */
export function ReceiptTaxWarnings({ title, warnings }: { title: string; warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} role="status">
      <List size="sm" spacing={4}>
        {warnings.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
