import { useSearchParams } from 'react-router-dom';

import { env } from '../../../config/env.js';
import { LockAccount } from '../../../features/member-account/components/lock-account.js';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <title>{`Lock my account | ${env.PRODUCT_NAME}`}</title>
      <LockAccount token={searchParams.get('token')} />
    </>
  );
}
