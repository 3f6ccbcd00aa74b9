import { ACTIVITY_TYPES } from '@plotbook/domain';
import type { ActivityType } from '../api/get-activity-names';

/** How the activity types read on screen. */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  PLOT_PURCHASE: 'Plot Purchase',
  PLOT_DEVELOPMENT: 'Plot Development',
  PLOT_SALE: 'Plot Sale',
  PAYMENT_RECEIPT: 'Payment Receipt',
};

export const ACTIVITY_TYPE_OPTIONS = ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }));
