import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { PartnerSummaryDto } from '@plotbook/domain';
import { IconAlertCircle, IconCash, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ProjectSelect } from '@/components/selects/project-select';
import { ShowVoidedSwitch } from '@/components/voided';
import { usePartnersSummary } from '@/features/partner-payments/api/get-partners-summary';
import { usePayouts } from '@/features/partner-payments/api/get-payouts';
import { useProjectReceipts } from '@/features/partner-payments/api/get-project-receipts';
import { PartnerSummaryTable } from '@/features/partner-payments/components/partner-summary-table';
import { PayoutForm } from '@/features/partner-payments/components/payout-form';
import { PayoutsTable } from '@/features/partner-payments/components/payouts-table';
import { ReceiptsTable } from '@/features/partner-payments/components/receipts-table';

const Loading = ({ text }: { text: string }) => (
  <Center py="xl" aria-busy="true">
    <Group gap="sm">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  </Center>
);

/**
 * Payment To Partner: what each partner of a project put in, earned, received and is still due, and the payouts
 * that settle it. The spec's buttons only alerted; here "Select Payment & Partner" records a real payout.
 */
export function PaymentToPartnerRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = Number(searchParams.get('projectId')) || null;
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [isShowingReceipts, setShowingReceipts] = useState(false);
  /** The payout form: closed (null), or open for a partner (or for none chosen yet: 0). */
  const [payingPartnerId, setPayingPartnerId] = useState<number | null>(null);
  const summary = usePartnersSummary(projectId);
  const receipts = useProjectReceipts(projectId, isShowingReceipts);
  const [showVoidedPayouts, setShowVoidedPayouts] = useState(false);
  const payouts = usePayouts(projectId, showVoidedPayouts);
  const partners = summary.data ?? [];

  const changeProject = (id: number | null) => {
    setStatus(null);
    setPayingPartnerId(null);
    setSearchParams(id === null ? {} : { projectId: String(id) }, { replace: true });
  };
  const pay = useCallback((partner: PartnerSummaryDto) => {
    setStatus(null);
    setPayingPartnerId(partner.partnerId);
  }, []);
  const payingPartner = partners.find((p) => p.partnerId === payingPartnerId);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Payment To Partner
        </Title>
        <Text c="dimmed">Each partner's investment, profit share and what is still due to them; record payouts.</Text>
      </div>
      <Card padding="md">
        <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
          <ProjectSelect
            includeArchived
            value={projectId}
            onChange={changeProject}
            miw={260}
            autoFocus={projectId === null}
          />
          {projectId !== null ? (
            <Group gap="sm" wrap="wrap">
              <Button
                leftSection={<IconCash size={18} aria-hidden />}
                onClick={() => {
                  setStatus(null);
                  setPayingPartnerId(0);
                }}
                disabled={partners.length === 0}
              >
                Select Payment and partner
              </Button>
              <Button
                variant="light"
                leftSection={
                  isShowingReceipts ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
                }
                onClick={() => setShowingReceipts((v) => !v)}
                aria-expanded={isShowingReceipts}
              >
                {isShowingReceipts ? 'Hide Receipts' : 'See All Receipt'}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Card>
      <FormStatus message={status} onClose={() => setStatus(null)} />
      {projectId === null ? (
        <Text c="dimmed">Choose a project to see its partners.</Text>
      ) : summary.isPending ? (
        <Loading text="Loading..." />
      ) : summary.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          Failed to fetch the partner summary: {summary.error.message}
        </Alert>
      ) : (
        <PartnerSummaryTable partners={partners} onPay={pay} />
      )}
      {projectId !== null && isShowingReceipts ? (
        receipts.isPending ? (
          <Loading text="Loading receipts..." />
        ) : receipts.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            Failed to fetch receipts: {receipts.error?.message}
          </Alert>
        ) : (
          <ReceiptsTable rows={receipts.rows} paging={receipts.paging} totalAmount={receipts.totalAmount} />
        )
      ) : null}
      {projectId !== null && !payouts.isPending && !payouts.isError && (showVoidedPayouts || !payouts.isEmpty) ? (
        <PayoutsTable
          rows={payouts.rows}
          paging={payouts.paging}
          totalAmount={payouts.totalAmount}
          onResult={setStatus}
          toolbar={<ShowVoidedSwitch checked={showVoidedPayouts} onChange={setShowVoidedPayouts} />}
        />
      ) : null}
      <Modal
        opened={projectId !== null && payingPartnerId !== null}
        onClose={() => setPayingPartnerId(null)}
        title={payingPartner ? `Pay ${payingPartner.partnerName}` : 'Pay a partner'}
        size="lg"
        centered
      >
        {projectId !== null && payingPartnerId !== null ? (
          <PayoutForm
            projectId={projectId}
            partners={partners}
            initialPartnerId={payingPartnerId || null}
            onCancel={() => setPayingPartnerId(null)}
            onSaved={(message) => {
              setPayingPartnerId(null);
              setStatus(message);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
