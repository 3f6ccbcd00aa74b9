import { Alert, Button, Card, FileButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  formatNumber,
  PLAN_MAX_BYTES,
  PLAN_MIME_TYPES,
  PLAN_TOO_LARGE,
  PLAN_WRONG_TYPE,
  PLOT_BOARD_STATE_LABELS,
  type PlotDto,
  plotBoardState,
} from '@plotbook/domain';
import { IconAlertCircle, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DateTimeText } from '@/components/date-time-text';
import { HistoryButton } from '@/components/history';
import { usePlanInfo, useRemovePlan, useUploadPlan } from '../api/plan';
import { LayoutPlan, type LayoutPlanPlot } from './layout-plan';

const EXTENSION_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const ACCEPT = [...PLAN_MIME_TYPES, '.svg', '.png', '.jpg', '.jpeg', '.webp'].join(',');

/** The file with its type: the browser's, else the one its extension names (some systems give none for .svg). */
function typed(file: File): File | null {
  const type = file.type || EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!(PLAN_MIME_TYPES as readonly string[]).includes(type)) return null;
  return file.type === type ? file : new File([file], file.name, { type });
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / (1024 * 1024), 1)} MB` : `${formatNumber(bytes / 1024, 1)} KB`;

/**
 * Edit Project's "Layout plan" (issue 21): upload, replace or remove the project's plan, and see it as the board
 * will draw it (each plot coloured by its state) with the plots it does not name.
 */
export function PlanSection({ projectId, plots }: { projectId: number; plots: readonly PlotDto[] }) {
  const info = usePlanInfo(projectId);
  const upload = useUploadPlan(projectId);
  const remove = useRemovePlan(projectId);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const plan = info.data?.plan ?? null;

  const planPlots = useMemo<LayoutPlanPlot[]>(
    () =>
      plots.map((p) => ({
        plotId: p.plotId,
        plotName: p.plotName,
        plotNumber: p.plotNumber,
        state: plotBoardState({
          sold: p.isSold,
          fullyPaid: p.isFullyPaid,
          registered: p.isRegistered,
          hadCancelledSale: false,
          held: false,
        }),
      })),
    [plots],
  );
  const pickedPlot = planPlots.find((p) => p.plotId === picked);

  const send = (chosen: File | null) => {
    if (!chosen) return;
    const file = typed(chosen);
    if (!file) return setMessage({ ok: false, text: PLAN_WRONG_TYPE });
    if (file.size > PLAN_MAX_BYTES) return setMessage({ ok: false, text: PLAN_TOO_LARGE });
    setMessage(null);
    upload.mutate(file, {
      onSuccess: (saved) =>
        setMessage({
          ok: true,
          text: `Layout plan ${plan ? 'replaced' : 'uploaded'}: ${saved.fileName ?? file.name}.`,
        }),
      onError: (error) => setMessage({ ok: false, text: error.message }),
    });
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove the layout plan?',
      children: <Text size="sm">The board will show the tiles only until a plan is uploaded again.</Text>,
      labels: { confirm: 'Remove plan', cancel: 'Keep plan' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => setMessage({ ok: true, text: 'Layout plan removed.' }),
          onError: (error) => setMessage({ ok: false, text: error.message }),
        }),
    });

  return (
    <Card padding="lg" component="section" aria-labelledby="layout-plan-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} fz="lg" id="layout-plan-title">
              Layout plan
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              An SVG whose plot shapes are named by plot number (id <code>plot-12</code>, label or title{' '}
              <code>Plot 12</code>) is coloured on the plot board; a PNG, JPEG or WebP image is shown beside the tiles.
              Up to 5 MB.
            </Text>
          </div>
          <Group gap="xs">
            <FileButton onChange={send} accept={ACCEPT}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} size="sm">
                  {plan ? 'Replace plan' : 'Upload plan'}
                </Button>
              )}
            </FileButton>
            {plan && (
              <Button
                color="red"
                variant="subtle"
                size="sm"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={confirmRemove}
              >
                Remove plan
              </Button>
            )}
            <HistoryButton target={{ entity: 'plan', entityId: projectId, name: 'Layout plan' }} size="sm" />
          </Group>
        </Group>
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        {info.isPending ? (
          <Skeleton height={24} width="50%" />
        ) : info.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            Could not load the layout plan: {info.error.message}
          </Alert>
        ) : plan ? (
          <>
            <Text size="sm">
              <b>{plan.fileName ?? 'Layout plan'}</b> · {plan.kind === 'svg' ? 'SVG' : 'Image'} · {sizeText(plan.size)}{' '}
              · uploaded <DateTimeText value={plan.uploadedAt} />
            </Text>
            <LayoutPlan
              projectId={projectId}
              plan={{ kind: plan.kind, uploadedAt: plan.uploadedAt }}
              plots={planPlots}
              onSelectPlot={setPicked}
            />
            {pickedPlot && (
              <Text size="sm" role="status">
                {pickedPlot.plotName}: {PLOT_BOARD_STATE_LABELS[pickedPlot.state]}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No layout plan yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
