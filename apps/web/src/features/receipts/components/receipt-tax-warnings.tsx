import { Alert, List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type CompanySettingsDto,
  cashByDay,
  cashRuleIssue,
  hasAtMostTwoDecimals,
  type Paise,
  type PaymentSummaryDto,
  paise,
  type ReceiptStatus,
  reraIssue,
  saleTaxSettingsOf,
  sumPaise,
  toPaise,
} from '@plotbook/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MoneyRowValues } from '@/components/row-table';

/** The rows' amounts that can be read (a row half typed counts as nothing yet), with their mode and date. */
function moneyLines(rows: readonly MoneyRowValues[]) {
  return rows.flatMap((row) => {
    const amount = Number(row.amount);
    if (!row.date || !Number.isFinite(amount) || amount <= 0 || !hasAtMostTwoDecimals(amount)) return [];
    return [{ mode: row.mode, date: row.date, amountPaise: toPaise(amount) }];
  });
}

/**
 * RERA s.13 before saving: what the sale has received before its agreement for sale (the summary's figure) plus this
 * receipt's lines dated before it (every line when there is none), held to the company's limit. Null when this
 * receipt adds nothing before the agreement, or a Cancelled receipt (money not taken).
 */
export function reraWarningOf(
  rows: readonly MoneyRowValues[],
  summary: PaymentSummaryDto | undefined,
  settings: CompanySettingsDto | undefined,
  status: ReceiptStatus | null,
): string | null {
  if (!summary?.isSold || !settings || status === 'Cancelled') return null;
  const agreement = summary.agreementDate;
  const before = moneyLines(rows).filter((line) => !agreement || line.date < agreement);
  if (before.length === 0) return null;
  const total: Paise = sumPaise([toPaise(summary.receivedBeforeAgreement), ...before.map((l) => l.amountPaise)]);
  return reraIssue(paise(total), toPaise(summary.saleAmount), saleTaxSettingsOf(settings));
}

/**
 * s.269SS before saving: the cash of this receipt's own lines on each day, held to the company's cash limit with the
 * domain's rule (the server adds the buyer's other cash of that day and answers its own warnings after saving).
 */
export function cashWarningsOf(rows: readonly MoneyRowValues[], settings: CompanySettingsDto | undefined): string[] {
  if (!settings) return [];
  const lines = moneyLines(rows);
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
