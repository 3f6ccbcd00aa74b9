import type { RECEIPT_MODES, RECEIPT_PARTICULARS } from '@plotbook/domain';

/**
 * What the demo company sold (demo-sales.ts writes it): per project, the plots sold, to whom, when, for how much,
 * and how each buyer pays (cash payments, or an EMI plan with the installments the buyer is behind on).
 */

export type Mode = (typeof RECEIPT_MODES)[number];
export type Particular = (typeof RECEIPT_PARTICULARS)[number];

export interface EmiPlan {
  advance: number;
  visarpawati: number;
  months: number;
  /** Installments due but unpaid at the end (the buyer is behind: these are overdue). */
  behind: number;
  /** Installment numbers whose first cheque bounced; the money comes with the next paid installment. */
  bounced?: number[];
  /** The latest installment was paid by a cheque that has not cleared yet. */
  pendingLast?: boolean;
}

export interface CashPayment {
  /** Months after the sale, and the day of that month. */
  after: number;
  day: number;
  particular: Particular;
  amount: number;
  mode: Mode;
  status?: 'Pending' | 'Bounced';
}

export interface SalePlan {
  plot: string;
  buyer: string;
  mobile: string;
  /** Sold this many months before today's month, on this day. */
  soldMonthsAgo: number;
  soldDay: number;
  amount: number;
  /** The buyer's usual way of paying. */
  mode: Mode;
  emi?: EmiPlan;
  cash?: CashPayment[];
  registered?: { monthsAgo: number; day: number; office: string; documentNo: string };
}

/** Sales per demo project, in the order of `PROJECTS` in demo-data.ts. */
export const SALE_PLANS: SalePlan[][] = [
  // Green Valley, Nagpur: plots of about 1,610 sq ft, sold since the first layout was ready.
  [
    {
      plot: 'Plot 2',
      buyer: 'Anil Wankhede',
      mobile: '98220 41873',
      soldMonthsAgo: 18,
      soldDay: 6,
      amount: 1250000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 6, particular: 'Booking', amount: 125000, mode: 'Cash' },
        { after: 1, day: 4, particular: 'Advance', amount: 500000, mode: 'RTGS' },
        { after: 2, day: 9, particular: 'Advance', amount: 625000, mode: 'Cheque' },
      ],
      registered: {
        monthsAgo: 15,
        day: 12,
        office: 'Sub-Registrar Office, Nagpur (Urban) No. 2',
        documentNo: 'NGP2/3127',
      },
    },
    {
      plot: 'Plot 3',
      buyer: 'Priya Deshpande',
      mobile: '98231 55620',
      soldMonthsAgo: 18,
      soldDay: 20,
      amount: 1320000,
      mode: 'Cheque',
      emi: { advance: 220000, visarpawati: 100000, months: 12, behind: 0, bounced: [4] },
      registered: {
        monthsAgo: 4,
        day: 8,
        office: 'Sub-Registrar Office, Nagpur (Urban) No. 2',
        documentNo: 'NGP2/8841',
      },
    },
    {
      plot: 'Plot 4',
      buyer: 'Sachin Bhoyar',
      mobile: '98814 20937',
      soldMonthsAgo: 14,
      soldDay: 9,
      amount: 1280000,
      mode: 'Bank Transfer',
      cash: [
        { after: 0, day: 9, particular: 'Booking', amount: 100000, mode: 'UPI' },
        { after: 1, day: 15, particular: 'Advance', amount: 1180000, mode: 'Bank Transfer' },
      ],
    },
    {
      plot: 'Plot 7',
      buyer: 'Kavita Raut',
      mobile: '98600 73214',
      soldMonthsAgo: 16,
      soldDay: 2,
      amount: 1400000,
      mode: 'Cheque',
      emi: { advance: 200000, visarpawati: 0, months: 24, behind: 0, pendingLast: true },
    },
    {
      plot: 'Plot 8',
      buyer: 'Mahesh Thakre',
      mobile: '98509 11846',
      soldMonthsAgo: 12,
      soldDay: 15,
      amount: 1290000,
      mode: 'Cash',
      emi: { advance: 150000, visarpawati: 60000, months: 36, behind: 4 },
    },
    {
      plot: 'Plot 11',
      buyer: 'Snehal Gawande',
      mobile: '98905 62481',
      soldMonthsAgo: 3,
      soldDay: 4,
      amount: 1310000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 4, particular: 'Booking', amount: 131000, mode: 'Cash' },
        { after: 1, day: 10, particular: 'Advance', amount: 600000, mode: 'RTGS' },
        { after: 3, day: 0, particular: 'Advance', amount: 579000, mode: 'Cheque', status: 'Pending' },
      ],
    },
    {
      plot: 'Plot 15',
      buyer: 'Vijay Meshram',
      mobile: '98223 90715',
      soldMonthsAgo: 8,
      soldDay: 12,
      amount: 1260000,
      mode: 'Cheque',
      emi: { advance: 260000, visarpawati: 0, months: 18, behind: 2, bounced: [5] },
    },
    {
      plot: 'Plot 19',
      buyer: 'Rekha Chaudhari',
      mobile: '98342 18059',
      soldMonthsAgo: 2,
      soldDay: 25,
      amount: 1300000,
      mode: 'UPI',
      emi: { advance: 130000, visarpawati: 0, months: 60, behind: 0 },
    },
  ],
  // Sai Nagar Phase 1, Wardha: plots of about 1,434 sq ft.
  [
    {
      plot: 'Plot 4',
      buyer: 'Pravin Ingle',
      mobile: '98810 34562',
      soldMonthsAgo: 15,
      soldDay: 8,
      amount: 860000,
      mode: 'UPI',
      emi: { advance: 160000, visarpawati: 0, months: 10, behind: 0 },
      registered: {
        monthsAgo: 3,
        day: 18,
        office: 'Sub-Registrar Office, Wardha',
        documentNo: 'WRD/2290',
      },
    },
    {
      plot: 'Plot 6',
      buyer: 'Manisha Kale',
      mobile: '98507 26193',
      soldMonthsAgo: 11,
      soldDay: 3,
      amount: 840000,
      mode: 'Cheque',
      cash: [
        { after: 0, day: 3, particular: 'Booking', amount: 84000, mode: 'Cash' },
        { after: 1, day: 6, particular: 'Advance', amount: 756000, mode: 'Cheque' },
      ],
    },
    {
      plot: 'Plot 9',
      buyer: 'Nitin Bawankar',
      mobile: '98604 47120',
      soldMonthsAgo: 10,
      soldDay: 18,
      amount: 900000,
      mode: 'Cheque',
      emi: { advance: 100000, visarpawati: 50000, months: 24, behind: 3, bounced: [5] },
    },
    {
      plot: 'Plot 10',
      buyer: 'Shubhangi Dhote',
      mobile: '98237 81504',
      soldMonthsAgo: 6,
      soldDay: 1,
      amount: 875000,
      mode: 'Cheque',
      emi: { advance: 175000, visarpawati: 0, months: 20, behind: 0, pendingLast: true },
    },
    {
      plot: 'Plot 14',
      buyer: 'Arvind Nimje',
      mobile: '98901 35278',
      soldMonthsAgo: 1,
      soldDay: 14,
      amount: 850000,
      mode: 'Cheque',
      cash: [
        { after: 0, day: 14, particular: 'Booking', amount: 50000, mode: 'UPI' },
        { after: 1, day: 0, particular: 'Advance', amount: 300000, mode: 'Cheque', status: 'Bounced' },
      ],
    },
    {
      plot: 'Plot 15',
      buyer: 'Pooja Zade',
      mobile: '98819 60427',
      soldMonthsAgo: 7,
      soldDay: 9,
      amount: 890000,
      mode: 'Bank Transfer',
      cash: [
        { after: 0, day: 9, particular: 'Booking', amount: 90000, mode: 'Cash' },
        { after: 2, day: 11, particular: 'Advance', amount: 800000, mode: 'Bank Transfer' },
      ],
    },
    {
      plot: 'Plot 17',
      buyer: 'Ganesh Lanjewar',
      mobile: '98606 19384',
      soldMonthsAgo: 3,
      soldDay: 26,
      amount: 920000,
      mode: 'Cash',
      emi: { advance: 120000, visarpawati: 0, months: 40, behind: 0 },
    },
  ],
  // Shivam Residency, Amravati: the newest layout, plots of about 1,481 sq ft.
  [
    {
      plot: 'Plot 8',
      buyer: 'Deepak Sontakke',
      mobile: '98509 74215',
      soldMonthsAgo: 8,
      soldDay: 5,
      amount: 1185000,
      mode: 'UPI',
      emi: { advance: 200000, visarpawati: 40000, months: 16, behind: 0 },
    },
    {
      plot: 'Plot 10',
      buyer: 'Swati Khobragade',
      mobile: '98220 58360',
      soldMonthsAgo: 5,
      soldDay: 22,
      amount: 1160000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 22, particular: 'Booking', amount: 100000, mode: 'Cash' },
        { after: 1, day: 2, particular: 'Advance', amount: 1060000, mode: 'RTGS' },
      ],
    },
    {
      plot: 'Plot 12',
      buyer: 'Rahul Gedam',
      mobile: '98816 02943',
      soldMonthsAgo: 4,
      soldDay: 11,
      amount: 1210000,
      mode: 'Cheque',
      emi: { advance: 150000, visarpawati: 0, months: 30, behind: 1 },
    },
    {
      // Swati Khobragade's second plot: one buyer holding two (the buyer page lists both).
      plot: 'Plot 14',
      buyer: 'Swati Khobragade',
      mobile: '98220 58360',
      soldMonthsAgo: 0,
      soldDay: 3,
      amount: 1195000,
      mode: 'Cash',
      cash: [{ after: 0, day: 3, particular: 'Booking', amount: 119500, mode: 'Cash' }],
    },
  ],
];
