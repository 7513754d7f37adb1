import { Suspense, useMemo, type ComponentType } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';

import { serviceLinks } from '../components/layout/public-navigation.js';
import { paths } from '../config/paths.js';
import { PageNavigationContext, type PageNavigation } from '../lib/page-navigation.js';
import { preloadableLazy, type PreloadableComponent } from '../lib/preloadable-lazy.js';
import { RouteErrorBoundary } from './routes/route-error.js';

type LazyRouteModule = { Component?: ComponentType | null };

const loadNotFound = async () => (await import('./routes/not-found.js')).NotFoundRoute;

/** A route module's Component, loaded on the first visit (a chunk of its own). */
function lazyRoute(load: () => Promise<LazyRouteModule>): PreloadableComponent {
  return preloadableLazy(async () => (await load()).Component ?? (await loadNotFound()));
}

/** The 404 screen, loaded only when no route matches the path, as every other screen is. */
const NotFound = preloadableLazy(loadNotFound);

/** A top-level area's route module, with react-query provided (see withQueries). */
function lazyArea(load: () => Promise<LazyRouteModule>): PreloadableComponent {
  return lazyRoute(() => withQueries(load()));
}

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

/** A route module's named component, loaded on the first visit. */
function lazyScreen(load: () => Promise<ComponentType>): PreloadableComponent {
  return lazyRoute(() => load().then((Component) => ({ Component })));
}

/**
 * Every page is a chunk of its own, and so is the public site's frame (the dashboards do not load it); each
 * auth screen, with its form, loads only when it is visited (/login loads neither the sign-up form nor the
 * admin's). The sign-in screens cache nothing, so they load no react-query (see features/auth/api).
 */
const auth = paths.auth;
const authRoutes: RouteObject[] = [
  {
    path: auth.login.path,
    Component: lazyScreen(() => import('./routes/auth/login.js').then((m) => m.LoginRoute)),
  },
  {
    path: auth.signup.path,
    Component: lazyScreen(() => import('./routes/auth/signup.js').then((m) => m.SignupRoute)),
  },
  {
    path: auth.verify.path,
    Component: lazyScreen(() => import('./routes/auth/verify.js').then((m) => m.VerifyRoute)),
  },
  {
    path: auth.forgotPassword.path,
    Component: lazyScreen(() =>
      import('./routes/auth/forgot-password.js').then((m) => m.ForgotPasswordRoute),
    ),
  },
  {
    path: auth.resetPassword.path,
    Component: lazyScreen(() => import('./routes/auth/reset-password.js').then((m) => m.ResetPasswordRoute)),
  },
  {
    path: auth.adminLogin.path,
    Component: lazyScreen(() => import('./routes/auth/admin-login.js').then((m) => m.AdminLoginRoute)),
  },
  {
    path: auth.adminForgotPassword.path,
    Component: lazyScreen(() =>
      import('./routes/auth/forgot-password.js').then((m) => m.AdminForgotPasswordRoute),
    ),
  },
  {
    path: auth.adminResetPassword.path,
    Component: lazyScreen(() =>
      import('./routes/auth/reset-password.js').then((m) => m.AdminResetPasswordRoute),
    ),
  },
];

const member = paths.dashboard;
const memberRoutes: RouteObject = {
  path: member.path,
  Component: lazyArea(() => import('./routes/dashboard/layout.js')),
  children: [
    { index: true, Component: lazyRoute(() => import('./routes/dashboard/home.js')) },
    { path: member.deposit.path, Component: lazyRoute(() => import('./routes/dashboard/deposit.js')) },
    { path: member.crypto.path, Component: lazyRoute(() => import('./routes/dashboard/crypto-plans.js')) },
    {
      path: member.realEstate.path,
      Component: lazyRoute(() => import('./routes/dashboard/real-estate-plans.js')),
    },
    {
      path: member.depositDetails.path,
      Component: lazyRoute(() => import('./routes/dashboard/deposit-details.js')),
    },
    { path: member.withdraw.path, Component: lazyRoute(() => import('./routes/dashboard/withdraw.js')) },
    {
      path: member.withdrawBalance.path,
      Component: lazyRoute(() => import('./routes/dashboard/withdraw-balance.js')),
    },
    {
      path: member.withdrawProfit.path,
      Component: lazyRoute(() => import('./routes/dashboard/withdraw-profit.js')),
    },
    { path: member.affiliate.path, Component: lazyRoute(() => import('./routes/dashboard/affiliate.js')) },
    {
      path: member.updatePassword.path,
      Component: lazyRoute(() => import('./routes/dashboard/update-password.js')),
    },
    {
      path: member.updateWallet.path,
      Component: lazyRoute(() => import('./routes/dashboard/update-wallet.js')),
    },
    {
      path: member.depositHistory.path,
      Component: lazyRoute(() => import('./routes/dashboard/deposit-history.js')),
    },
    {
      path: member.withdrawHistory.path,
      Component: lazyRoute(() => import('./routes/dashboard/withdraw-history.js')),
    },
    {
      path: member.userProfile.path,
      Component: lazyRoute(() => import('./routes/dashboard/user-profile.js')),
    },
    { path: member.statement.path, Component: lazyRoute(() => import('./routes/dashboard/statement.js')) },
    { path: member.security.path, Component: lazyRoute(() => import('./routes/dashboard/security.js')) },
    { path: '*', Component: NotFound },
  ],
};

const admin = paths.adminDashboard;
const adminRoutes: RouteObject = {
  path: admin.path,
  Component: lazyArea(() => import('./routes/admin/layout.js')),
  children: [
    { index: true, Component: lazyRoute(() => import('./routes/admin/overview.js')) },
    { path: admin.transactions.path, Component: lazyRoute(() => import('./routes/admin/transactions.js')) },
    { path: admin.approvals.path, Component: lazyRoute(() => import('./routes/admin/approvals.js')) },
    { path: admin.users.path, Component: lazyRoute(() => import('./routes/admin/users.js')) },
    { path: admin.manageUser.path, Component: lazyRoute(() => import('./routes/admin/manage-user.js')) },
    {
      path: admin.memberHistory.path,
      Component: lazyRoute(() => import('./routes/admin/member-history.js')),
    },
    { path: admin.message.path, Component: lazyRoute(() => import('./routes/admin/message.js')) },
    { path: admin.plans.path, Component: lazyRoute(() => import('./routes/admin/plans.js')) },
    {
      path: admin.paymentMethods.path,
      Component: lazyRoute(() => import('./routes/admin/payment-methods.js')),
    },
    { path: admin.audit.path, Component: lazyRoute(() => import('./routes/admin/audit.js')) },
    { path: admin.books.path, Component: lazyRoute(() => import('./routes/admin/books.js')) },
    {
      path: admin.reconciliation.path,
      Component: lazyRoute(() => import('./routes/admin/reconciliation.js')),
    },
    { path: admin.security.path, Component: lazyRoute(() => import('./routes/admin/security.js')) },
    { path: '*', Component: NotFound },
  ],
};

const appRoutes: RouteObject[] = [
  memberRoutes,
  adminRoutes,
  {
    path: paths.home.path,
    Component: lazyScreen(() => import('./routes/public-site.js').then((m) => m.PublicSiteRoute)),
    children: [
      { index: true, Component: lazyRoute(() => import('./routes/public/home.js')) },
      ...authRoutes,
      { path: paths.company.path, Component: lazyRoute(() => import('./routes/public/company.js')) },
      { path: paths.career.path, Component: lazyRoute(() => import('./routes/public/career.js')) },
      { path: paths.contact.path, Component: lazyRoute(() => import('./routes/public/contact.js')) },
      // The "lock my account" link of security mails; it needs no session.
      { path: '/lock-account', Component: lazyArea(() => import('./routes/auth/lock-account.js')) },
      {
        path: paths.privacyPolicy.path,
        Component: lazyRoute(() => import('./routes/public/privacy-policy.js')),
      },
      {
        path: paths.proofOfLiabilities.path,
        Component: lazyRoute(() => import('./routes/public/proof-of-liabilities.js')),
      },
      ...serviceLinks.map((service) => ({
        path: service.href,
        Component: lazyRoute(() => import('./routes/public/asset.js')),
      })),
      { path: '*', Component: NotFound },
    ],
  },
];

/** Loads the lazy route modules a path renders, so that its first render shows the page (see preloadableLazy). */
export async function preloadRoutesOf(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) =>
      route.Component && 'preload' in route.Component
        ? (route.Component as PreloadableComponent).preload()
        : undefined,
    ),
  );
}

/**
 * Every page of the app. A failed render shows the error screen until the next navigation. Moving to a page
 * not yet loaded is a transition: the current page stays until the new one has loaded. Screens that are also
 * islands of pre-rendered pages move on through the router here (see lib/page-navigation.ts).
 */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<PageNavigation>(
    () => ({ goTo: (path) => void navigate(path), state: location.state }),
    [navigate, location.state],
  );
  const page = useRoutes(appRoutes);
  return (
    <PageNavigationContext value={navigation}>
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={null}>{page}</Suspense>
      </RouteErrorBoundary>
    </PageNavigationContext>
  );
}
