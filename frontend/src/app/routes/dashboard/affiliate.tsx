import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { AffiliatesTable } from '../../../features/member-account/components/affiliates-table.js';

export function Component() {
  const profile = useMemberProfile();
  const parentName = profile.data ? `${profile.data.first_name} ${profile.data.last_name}`.trim() : '';
  return (
    <>
      <title>{`Referral | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Referral
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Everyone who opened an account with your affiliate link.
      </Typography>
      <AffiliatesTable parentName={parentName} />
    </>
  );
}
