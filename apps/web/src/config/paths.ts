/** Every route of the web app: `path` for the router, `getHref` for links. */
const route = (path: string, title: string) => ({ path, title, getHref: () => path });

export const paths = {
  home: route('/', 'Home'),
  register: route('/register', 'Register'),
  login: route('/login', 'Login'),
  resetPassword: route('/resetPwd', 'Reset Password'),
  /** The spec's route table spells it in lower case too. */
  resetPasswordLower: route('/resetpwd', 'Reset Password'),
  forgotPassword: route('/forgot-password', 'Forgot Password'),
  /** The link in a registration mail. */
  verifyEmail: route('/verify-email', 'Verify Email'),
  loginLink: route('/login-link', 'Allow This Device'),
  createDemo: route('/create-demo', 'Request a Demo'),
  accessDenied: route('/access-denied', 'Access Denied'),

  app: {
    dashboard: route('/dashboard', 'Dashboard'),
    project: route('/project', 'Project'),
    partner: route('/partner', 'Partner'),
    purchase: route('/purchase', 'Plot Purchase From Farmer'),
    development: route('/development', 'Plot Development'),
    sale: route('/sale', 'Plot Sale Summary'),
    payment: route('/payment', 'Payment Receipt'),
    registrationPlot: route('/registration-plot', 'Plot Registration'),
    projectProfile: route('/project-profile', 'Project Profile'),
    activity: route('/activity', 'Activity'),
    partnerContribution: route('/partnercontribution', 'Partner Contribution'),
    paymentToPartner: route('/paymenttopartner', 'Payment To Partner'),
    reports: route('/reports', 'Report Dashboard'),
    settings: route('/settings', 'Settings'),
    help: route('/help', 'Help and Support'),
    viewProjects: route('/view-projects', 'All Project Details'),
    editProject: {
      path: '/project/:projectId',
      title: 'Edit Project',
      getHref: (projectId: number | string) => `/project/${projectId}`,
    },
    viewSales: {
      path: '/view-sales/:projectId',
      title: 'Sales Report',
      /** 0 when no project is chosen. */
      getHref: (projectId: number | string = 0) => `/view-sales/${projectId}`,
    },
    purchaseList: route('/purchase-list', 'View Plot Purchases'),
    buyers: route('/buyers', 'Buyers'),
    buyer: {
      path: '/buyers/:buyerId',
      title: 'Buyer',
      getHref: (buyerId: number | string) => `/buyers/${buyerId}`,
    },
    registrations: route('/registrations', 'Registered Plots'),
    /** The plot board of a project (issue 21); 0 when no project is chosen. */
    board: {
      path: '/board/:projectId',
      title: 'Plot Board',
      getHref: (projectId: number | string = 0) => `/board/${projectId}`,
    },
    /** Overdue installments and reminders (issue 22). */
    collections: route('/collections', 'Collections'),
    /** s.194-IA: sales still owing a Form 16B certificate (opened from Reports). */
    tdsPending: route('/tds-pending', 'TDS Certificates Pending'),
    /** Tenant admins only. */
    audit: route('/audit', 'Audit'),
  },

  admin: {
    login: route('/admin/login', 'Master Login'),
    dashboard: route('/admin/dashboard', 'Admin Dashboard'),
    tenants: route('/admin/tenants', 'Manage Tenants'),
    tenantUsers: route('/admin/tenant-users', 'Tenant User Management'),
    tenantAdmins: route('/admin/tenant-admins', 'Tenant Admins'),
    settings: route('/admin/settings', 'Platform Settings'),
    lockedAccounts: route('/admin/locked-accounts', 'Locked Accounts'),
    demoRequests: route('/admin/demo-requests', 'Demo Requests'),
    platformTrail: route('/admin/platform-trail', 'Platform Trail'),
  },

  tenantAdmin: {
    dashboard: route('/tenant-admin/dashboard', 'Tenant Admin Dashboard'),
    users: route('/tenant-admin/users', 'Manage Tenant Users'),
    projects: route('/tenant-admin/projects', 'Manage Projects'),
  },
} as const;

export type AppRoute = { path: string; title: string; getHref: (...args: never[]) => string };
