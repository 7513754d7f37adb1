import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense } from 'react';

import { WhenNearViewport } from '../../../components/ui/when-near-viewport.js';
import { env } from '../../../config/env.js';
import { paths } from '../../../config/paths.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { useWithdrawalProtection } from '../../../api/withdrawal-protection.js';
import { useShownQuery, type ShownQuery } from '../../../lib/use-shown-query.js';
import { useAccountActivity } from '../../../features/member-account/api/get-account-activity.js';
import { useMarketPrices } from '../../../features/member-account/api/get-market-prices.js';
import { useRunningInvestments } from '../../../features/member-account/api/get-running-investments.js';
import { FigureCards } from '../../../features/member-account/components/figure-cards.js';
import { MarketOverview } from '../../../features/member-account/components/market-overview.js';
import { PriceTicker } from '../../../features/member-account/components/price-ticker.js';
import { RecentActivity } from '../../../features/member-account/components/recent-activity.js';
import { RunningInvestments } from '../../../features/member-account/components/running-investments.js';
import { TwoStepOffer } from '../../../features/security/components/two-step-offer.js';

// Shown only while a lock or a hold stops withdrawals: a first visit without either loads none of its code.
const WithdrawalProtectionAlerts = lazy(async () => ({
  default: (await import('../../../features/member-account/components/withdrawal-protection-alerts.js'))
    .WithdrawalProtectionAlerts,
}));

// Below the first screen: the link's field and copy button load when scrolled near.
const AffiliateLink = lazy(async () => ({
  default: (await import('../../../features/member-account/components/affiliate-link.js')).AffiliateLink,
}));

export function Component() {
  return (
    <HomeContent
      profile={useShownQuery(useMemberProfile())}
      prices={useShownQuery(useMarketPrices())}
      activity={useShownQuery(useAccountActivity())}
      investments={useShownQuery(useRunningInvestments())}
      protection={useShownQuery(useWithdrawalProtection())}
    />
  );
}

type HomeQueries = {
  profile: ShownQuery<ReturnType<typeof useMemberProfile>['data']>;
  prices: ShownQuery<ReturnType<typeof useMarketPrices>['data']>;
  activity: ShownQuery<ReturnType<typeof useAccountActivity>['data']>;
  investments: ShownQuery<ReturnType<typeof useRunningInvestments>['data']>;
  protection: ShownQuery<ReturnType<typeof useWithdrawalProtection>['data']>;
};

// Memoized: each answer renders it once, in the background (see useShownQuery).
const HomeContent = memo(function HomeContent({
  profile,
  prices,
  activity,
  investments,
  protection,
}: HomeQueries) {
  return (
    <>
      <title>{`Dashboard | ${env.PRODUCT_NAME}`}</title>
      <PriceTicker prices={prices.data} isError={prices.isError} />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          mb: 3,
          justifyContent: 'space-between',
          alignItems: { sm: 'flex-end' },
        }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Dashboard
          </Typography>
          {profile.data && (
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
              Welcome, {profile.data.first_name}.
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button variant="contained" href={paths.dashboard.deposit.path}>
            Deposit
          </Button>
          <Button variant="outlined" href={paths.dashboard.withdraw.path}>
            Withdraw
          </Button>
        </Box>
      </Box>
      {(protection.data?.lock || protection.data?.hold) && (
        <Suspense fallback={null}>
          <WithdrawalProtectionAlerts protection={protection.data} />
        </Suspense>
      )}
      <TwoStepOffer />
      <FigureCards figures={profile.data} />
      <RunningInvestments
        investments={investments.data}
        isLoading={investments.isPending}
        isError={investments.isError}
      />
      <MarketOverview prices={prices.data} isLoading={prices.isPending} isError={prices.isError} />
      {/* The link's height is kept free while it loads, so Recent activity does not jump as it appears. */}
      <WhenNearViewport placeholder={<Box sx={{ minHeight: { xs: 180, sm: 110 } }} />}>
        <AffiliateLink referralCode={profile.data?.referral_code} />
      </WhenNearViewport>
      <RecentActivity activity={activity.data} isLoading={activity.isPending} isError={activity.isError} />
    </>
  );
});
