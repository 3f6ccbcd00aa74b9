/**
 * The business vocabulary of Plotbook. Words users see stay in the domain's own language:
 * - Visarpavti / Visarpawati: the token ("earnest") money paid when a deal is agreed.
 * - Kharedikhar: the sale-deed (purchase) payment to the farmer.
 * - Mandir: the temple plot a layout reserves, like roads and amenities, out of the saleable area.
 */
export const ROLES = ['SUPER_ADMIN', 'TENANT_ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const PURCHASE_PARTICULARS = [
  'Visarpavti',
  'Kharedikhar',
  'Additional',
  'Post dated cheq',
  'Stamp+Advocate',
] as const;

export const DEVELOPMENT_PARTICULARS = [
  'Compound Rate',
  'Road Rate',
  'Electricity Rate',
  'Advertisement',
  'JCB Work',
  'Marking Pole',
  'Labour Charge',
  'Plot Boy Payment',
  'Additional',
] as const;

/**
 * What a receipt line is for. 'Transfer Fee' is the fee charged when a sale moves to another buyer (income, not part of
 * the sale amount); 'TDS (194-IA)' is the 1 % the buyer deducted and deposited (its mode detail is the Form 16B
 * certificate number), which counts toward what the buyer has paid.
 */
export const RECEIPT_PARTICULARS = [
  'Advance',
  'Visarpawati',
  'Installment',
  'Booking',
  'Transfer Fee',
  'TDS (194-IA)',
] as const;

export const PAYMENT_MODES = ['Cash', 'Online', 'Cheque'] as const;
export const RECEIPT_MODES = ['Cash', 'Cheque', 'UPI', 'RTGS', 'Bank Transfer'] as const;

export const DEVELOPMENT_CATEGORIES = ['per_sqft', 'per_plot', 'per_project'] as const;
export type DevelopmentCategory = (typeof DEVELOPMENT_CATEGORIES)[number];
/** How the screens name each category: per_sqft and per_plot costs are charged to one plot, per_project to all. */
export const DEVELOPMENT_CATEGORY_LABELS: Record<DevelopmentCategory, string> = {
  per_sqft: 'Per sq ft',
  per_plot: 'Per plot',
  per_project: 'Per project',
};

export const ACTIVITY_TYPES = ['PLOT_PURCHASE', 'PLOT_DEVELOPMENT', 'PLOT_SALE', 'PAYMENT_RECEIPT'] as const;
export const ACTIVITY_STATUSES = ['Active', 'Inactive'] as const;

/** 'Reversed': a Completed receipt taken back with a reason (issue 20); it counts nowhere, like a Cancelled one. */
export const RECEIPT_STATUSES = ['Pending', 'Completed', 'Cancelled', 'Reversed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** The statuses a receipt is saved with; 'Reversed' is reached only by reversing a Completed one. */
export const NEW_RECEIPT_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type NewReceiptStatus = (typeof NEW_RECEIPT_STATUSES)[number];
/** A cancelled sale's refund: a cheque starts Pending and is cleared (Completed); other modes are paid at once. */
export const REFUND_STATUSES = ['Pending', 'Completed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Cash is shown to users as "Full Payment". */
export const PAYMENT_TYPES = ['Cash', 'EMI'] as const;
/** A cancelled sale frees its plot; at most one sale of a plot is Active. */
export const SALE_STATUSES = ['Active', 'Cancelled'] as const;
export const PROJECT_STATUSES = ['Active', 'Completed', 'On Hold'] as const;
/** Money handed to a partner may also have gone "Online" (the purchase screens' word). */
export const PAYOUT_MODES = [...RECEIPT_MODES, 'Online'] as const;

/**
 * What Plotbook does with a receipt whose cash reaches the company's cash limit for one buyer on one day (Income Tax
 * Act s.269SS; refunds s.269T): 'warn' saves it with a warning, 'refuse' refuses it (company_settings.cash_rule).
 */
export const CASH_RULES = ['warn', 'refuse'] as const;
export type CashRule = (typeof CASH_RULES)[number];

export const DEMO_REQUEST_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;

export const MIN_PASSWORD_LENGTH = 8;

/** Schema, role and tenant names that may never be chosen for a tenant. */
export const RESERVED_IDENTIFIERS = new Set([
  'platform',
  'public',
  'postgres',
  'information_schema',
  'admin',
  'api',
  'www',
  'root',
  'template0',
  'template1',
]);

/** Names offered for an activity of each type (the web preselects a type's only name). */
export const ACTIVITY_NAMES: Record<(typeof ACTIVITY_TYPES)[number], readonly string[]> = {
  PLOT_PURCHASE: PURCHASE_PARTICULARS,
  PLOT_DEVELOPMENT: DEVELOPMENT_PARTICULARS,
  PLOT_SALE: ['Plot Sale'],
  PAYMENT_RECEIPT: RECEIPT_PARTICULARS,
};

/** What an audit trail row is about (the `audit_trail.entity` CHECK list). */
export const AUDIT_ENTITIES = [
  'project',
  'plot',
  'partner',
  'purchase',
  'development',
  'contribution',
  'activity',
  'sale',
  'receipt',
  'payout',
  'registration',
  'user',
  'settings',
  'session',
  'buyer',
  'hold',
  'plan',
  'reminder',
  'document',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done (the `audit_trail.action` CHECK list). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'void',
  'delete',
  'status',
  'approve',
  'archive',
  'restore',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password',
  'cancel',
  'transfer',
  'reverse',
  'refund',
  'release',
  'send',
  'print',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What a row of the platform's own trail (`platform.audit_trail`, the super admin's Platform trail) is about:
 * a company, one of its admins or users the super admin made or changed, a demo request, a locked account, or a
 * super admin's sign-in.
 */
export const PLATFORM_AUDIT_ENTITIES = [
  'tenant',
  'tenant-admin',
  'tenant-user',
  'demo-request',
  'account',
  'session',
] as const;
export type PlatformAuditEntity = (typeof PLATFORM_AUDIT_ENTITIES)[number];

/** What was done on the platform (the `platform.audit_trail.action` CHECK list). */
export const PLATFORM_AUDIT_ACTIONS = ['create', 'status', 'password', 'unlock', 'sign-in', 'sign-in-failed'] as const;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/** Which way a plot faces (issue 21): the four directions and the four between. */
export const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Facing = (typeof FACINGS)[number];

/**
 * A plot's state on the plot board (issue 21), decided only by `plotBoardState` (board.ts): free, held for a buyer
 * (a live hold), sold (an active sale), fully paid, registered, or free again after a cancelled sale.
 */
export const PLOT_BOARD_STATES = ['available', 'held', 'sold', 'paid', 'registered', 'resale'] as const;
export type PlotBoardState = (typeof PLOT_BOARD_STATES)[number];
/** How the board names each state. */
export const PLOT_BOARD_STATE_LABELS: Readonly<Record<PlotBoardState, string>> = {
  available: 'Available',
  held: 'On hold',
  sold: 'Sold',
  paid: 'Fully paid',
  registered: 'Registered',
  resale: 'Available again',
};
/** A hold lasts 1 to 30 days. */
export const MAX_HOLD_DAYS = 30;
/** Why an open hold ended: released by a person, the holder's sale, or closed after its time ran out. */
export const HOLD_END_REASONS = ['released', 'sold', 'expired'] as const;
/** A project's layout plan: an SVG (sanitised; its shapes name the plots) or an image shown beside the tiles. */
export const PLAN_KINDS = ['svg', 'image'] as const;
export const PLAN_MIME_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** A company's letterhead logo (Company Profile): a PNG or a JPEG, checked by its bytes. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/** The documents whose copies are counted: a second print of one says DUPLICATE (a statement is always new). */
export const DOCUMENT_KINDS = ['receipt', 'allotment-provisional', 'allotment-final'] as const;
