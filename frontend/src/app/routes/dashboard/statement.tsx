import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

import { env } from '../../../config/env.js';
import { getStatementQueryOptions } from '../../../features/statement/api/get-statement.js';
import { AsOfForm } from '../../../features/statement/components/as-of-form.js';
import { LiabilityProof } from '../../../features/statement/components/liability-proof.js';
import { Statement } from '../../../features/statement/components/statement.js';

export function Component() {
  // In the address, so a reload, Back and a shared link keep the moment.
  const [searchParams, setSearchParams] = useSearchParams();
  const asOf = searchParams.get('as_of') ?? undefined;
  const queryClient = useQueryClient();
  const showNow = () => {
    setSearchParams({});
    // "Now" means the present, not the statement read a minute ago.
    void queryClient.invalidateQueries({ queryKey: getStatementQueryOptions(undefined).queryKey });
  };
  return (
    <>
      <title>{`Statement | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Statement
      </Typography>
      <AsOfForm asOf={asOf} onApply={(moment) => setSearchParams({ as_of: moment })} onNow={showNow} />
      <Statement asOf={asOf} />
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        Proof of liabilities
      </Typography>
      <LiabilityProof />
    </>
  );
}
