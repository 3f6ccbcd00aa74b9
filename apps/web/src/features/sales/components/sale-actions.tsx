import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SaleListRowDto } from '@plotbook/domain';
import {
  IconArrowsExchange,
  IconCircleX,
  IconDots,
  IconFileTypePdf,
  IconHistory,
  IconPencil,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { type ComponentType, useCallback, useRef, useState } from 'react';
import { HistoryDrawer } from '@/components/history';
import { AllotmentLetterDialog } from './allotment-letter-dialog';
import { CancelSaleDialog } from './cancel-sale-dialog';
import { CancellationDialog } from './cancellation-dialog';
import { EditSaleModal } from './edit-sale-modal';
import { TransferSaleModal } from './transfer-sale-modal';

/** A dialog an action opens for one sale (each in its own file). */
export interface SaleDialogProps {
  sale: SaleListRowDto;
  opened: boolean;
  onClose: () => void;
}

export interface SaleAction {
  key: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  /** Whether the action is offered for this sale (e.g. only an active one can be edited). */
  offered?: (sale: SaleListRowDto) => boolean;
  Dialog: ComponentType<SaleDialogProps>;
}

function SaleHistory({ sale, opened, onClose }: SaleDialogProps) {
  return (
    <HistoryDrawer
      target={{ entity: 'sale', entityId: sale.saleId, name: `the sale of ${sale.plotName}` }}
      opened={opened}
      onClose={onClose}
    />
  );
}

/** Active, or Transferred (an active sale handed to another buyer): the sale can still be changed. */
const isActive = (sale: SaleListRowDto) => sale.status !== 'Cancelled';

function SaleCancel({ sale, onClose }: SaleDialogProps) {
  return (
    <CancelSaleDialog
      sale={sale}
      onClose={onClose}
      onDone={(message) => {
        onClose();
        notifications.show({ color: 'green', message, autoClose: 8000 });
      }}
    />
  );
}

function SaleTransfer({ sale, onClose }: SaleDialogProps) {
  return <TransferSaleModal sale={sale} onClose={onClose} />;
}

/**
 * The sales listing's row actions, in menu order. An action is one entry here and a dialog in its own file (cancel
 * and transfer add theirs the same way).
 */
export const SALE_ACTIONS: SaleAction[] = [
  { key: 'edit', label: 'Edit sale', icon: IconPencil, offered: isActive, Dialog: EditSaleModal },
  { key: 'transfer', label: 'Transfer', icon: IconArrowsExchange, offered: isActive, Dialog: SaleTransfer },
  { key: 'cancel', label: 'Cancel sale', icon: IconCircleX, color: 'red', offered: isActive, Dialog: SaleCancel },
  {
    key: 'cancellation',
    label: 'Cancellation',
    icon: IconReceiptRefund,
    offered: (s) => !isActive(s),
    Dialog: CancellationDialog,
  },
  {
    key: 'allotment',
    label: 'Allotment letter (PDF)',
    icon: IconFileTypePdf,
    offered: isActive,
    Dialog: AllotmentLetterDialog,
  },
  { key: 'history', label: 'History', icon: IconHistory, Dialog: SaleHistory },
];

/**
 * The action chosen, and for which sale: one dialog open at a time for the whole listing. A dialog mounts already
 * open, so it cannot know what had the focus: on closing, the row's menu button takes it back.
 */
export function useSaleActions() {
  const [open, setOpen] = useState<{ action: SaleAction; sale: SaleListRowDto } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const choose = useCallback((action: SaleAction, sale: SaleListRowDto, from: HTMLElement | null) => {
    opener.current = from;
    setOpen({ action, sale });
  }, []);
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const dialog = open ? (
    <open.action.Dialog key={`${open.action.key}-${open.sale.saleId}`} sale={open.sale} opened onClose={close} />
  ) : null;
  return { choose, dialog };
}

/** A row's actions menu: a button named for the plot, its items reached with the arrow keys. */
export function SaleActionsMenu({
  sale,
  onChoose,
}: {
  sale: SaleListRowDto;
  onChoose: (action: SaleAction, sale: SaleListRowDto, from: HTMLElement | null) => void;
}) {
  const actions = SALE_ACTIONS.filter((a) => a.offered?.(sale) ?? true);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon ref={button} variant="subtle" color="gray" aria-label={`Actions for the sale of ${sale.plotName}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.key}
            color={action.color}
            leftSection={<action.icon size={16} />}
            onClick={() => onChoose(action, sale, button.current)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
