export const paths = {
  home: { path: '/' },
  company: { path: '/company' },
  career: { path: '/career' },
  contact: { path: '/contact' },
  privacyPolicy: { path: '/privacy-policy' },
  services: {
    realEstate: { path: '/realestate' },
    retirement: { path: '/retirement' },
    gold: { path: '/gold' },
    crypto: { path: '/crypto' },
    nfts: { path: '/nfts' },
    stocks: { path: '/stocks' },
    forex: { path: '/forex' },
  },
  auth: {
    login: { path: '/login' },
    signup: { path: '/signup' },
    forgotPassword: { path: '/forgot-password' },
    resetPassword: {
      path: '/reset-password/:token',
      getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
    },
    verify: { path: '/verify' },
    adminLogin: { path: '/admin-login' },
    adminForgotPassword: { path: '/admin-forgot-password' },
    adminResetPassword: {
      path: '/admin-reset-password/:token',
      getHref: (token: string) => `/admin-reset-password/${encodeURIComponent(token)}`,
    },
  },
  dashboard: { path: '/dashboard' },
  adminDashboard: { path: '/admin-dashboard' },
} as const;
