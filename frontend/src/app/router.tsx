import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

import { serviceLinks } from '../components/layout/public-navigation.js';
import { paths } from '../config/paths.js';
import { NotFoundRoute } from './routes/not-found.js';
import { Component as HomeRoute } from './routes/public/home.js';
import { PublicSiteRoute } from './routes/public-site.js';
import { RouteErrorBoundary } from './routes/route-error.js';

type LazyRouteModule = { Component?: ComponentType | null };

/**
 * A top-level lazy route's module with its Component inside QueryProvider (lib/query-provider.tsx, loaded
 * here as a chunk of its own): react-query loads with the first area that uses it, not with the entry, and the
 * area's nested routes inherit the provider.
 */
export async function withQueries<T extends LazyRouteModule>(routeModule: Promise<T>): Promise<T> {
  const [loaded, { QueryProvider }] = await Promise.all([routeModule, import('../lib/query-provider.js')]);
  if (!loaded.Component) return loaded;
  const Route: ComponentType = loaded.Component;
  function RouteWithQueries() {
    return (
      <QueryProvider>
        <Route />
      </QueryProvider>
    );
  }
  return { ...loaded, Component: RouteWithQueries };
}

/**
 * What a router renders while the lazy modules of its first page load: nothing, as before. The browser loads
 * them before it creates its router (main.tsx), and the pre-render has them loaded too, so this shows only
 * under a router started without them, such as the web tests' memory router.
 */
function NothingWhileLoading() {
  return null;
}

/**
 * The home page ships with the entry; every other page is its own chunk, and the auth screens, with their
 * forms and schemas, load only when one of them is visited.
 */
const authRoutes: RouteObject[] = Object.values(paths.auth).map(({ path }) => ({
  path,
  lazy: () =>
    withQueries(
      import('./routes/auth/auth-routes.js').then(({ authRoutes: routes }) => {
        const route = routes.find((candidate) => candidate.path === path);
        return { Component: route?.Component ?? NotFoundRoute };
      }),
    ),
}));

const member = paths.dashboard;
const memberRoutes: RouteObject = {
  path: member.path,
  lazy: () => withQueries(import('./routes/dashboard/layout.js')),
  HydrateFallback: NothingWhileLoading,
  ErrorBoundary: RouteErrorBoundary,
  children: [
    { index: true, lazy: () => import('./routes/dashboard/home.js') },
    { path: member.deposit.path, lazy: () => import('./routes/dashboard/deposit.js') },
    { path: member.crypto.path, lazy: () => import('./routes/dashboard/crypto-plans.js') },
    { path: member.realEstate.path, lazy: () => import('./routes/dashboard/real-estate-plans.js') },
    { path: member.depositDetails.path, lazy: () => import('./routes/dashboard/deposit-details.js') },
    { path: member.withdraw.path, lazy: () => import('./routes/dashboard/withdraw.js') },
    { path: member.withdrawBalance.path, lazy: () => import('./routes/dashboard/withdraw-balance.js') },
    { path: member.withdrawProfit.path, lazy: () => import('./routes/dashboard/withdraw-profit.js') },
    { path: member.affiliate.path, lazy: () => import('./routes/dashboard/affiliate.js') },
    { path: member.updatePassword.path, lazy: () => import('./routes/dashboard/update-password.js') },
    { path: member.updateWallet.path, lazy: () => import('./routes/dashboard/update-wallet.js') },
    { path: member.depositHistory.path, lazy: () => import('./routes/dashboard/deposit-history.js') },
    { path: member.withdrawHistory.path, lazy: () => import('./routes/dashboard/withdraw-history.js') },
    { path: member.userProfile.path, lazy: () => import('./routes/dashboard/user-profile.js') },
    { path: member.statement.path, lazy: () => import('./routes/dashboard/statement.js') },
    { path: '*', Component: NotFoundRoute },
  ],
};

const admin = paths.adminDashboard;
const adminRoutes: RouteObject = {
  path: admin.path,
  lazy: () => withQueries(import('./routes/admin/layout.js')),
  HydrateFallback: NothingWhileLoading,
  ErrorBoundary: RouteErrorBoundary,
  children: [
    { index: true, lazy: () => import('./routes/admin/overview.js') },
    { path: admin.transactions.path, lazy: () => import('./routes/admin/transactions.js') },
    { path: admin.users.path, lazy: () => import('./routes/admin/users.js') },
    { path: admin.manageUser.path, lazy: () => import('./routes/admin/manage-user.js') },
    { path: admin.memberHistory.path, lazy: () => import('./routes/admin/member-history.js') },
    { path: admin.message.path, lazy: () => import('./routes/admin/message.js') },
    { path: admin.plans.path, lazy: () => import('./routes/admin/plans.js') },
    { path: admin.paymentMethods.path, lazy: () => import('./routes/admin/payment-methods.js') },
    { path: admin.audit.path, lazy: () => import('./routes/admin/audit.js') },
    { path: '*', Component: NotFoundRoute },
  ],
};

export function createAppRoutes(): RouteObject[] {
  return [
    memberRoutes,
    adminRoutes,
    {
      path: paths.home.path,
      Component: PublicSiteRoute,
      // Above its lazy pages: while one loads, the frame waits for it rather than showing without it.
      HydrateFallback: NothingWhileLoading,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, Component: HomeRoute },
        ...authRoutes,
        { path: paths.company.path, lazy: () => withQueries(import('./routes/public/company.js')) },
        { path: paths.career.path, lazy: () => withQueries(import('./routes/public/career.js')) },
        { path: paths.contact.path, lazy: () => withQueries(import('./routes/public/contact.js')) },
        {
          path: paths.privacyPolicy.path,
          lazy: () => withQueries(import('./routes/public/privacy-policy.js')),
        },
        ...serviceLinks.map((service) => ({
          path: service.href,
          lazy: () => withQueries(import('./routes/public/asset.js')),
        })),
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ];
}
