import { useLocation } from 'react-router-dom';

import { env } from '../../../config/env.js';
import { findAssetPage } from '../../../features/marketing/content/asset-pages.js';
import { AssetPage } from '../../../features/marketing/components/asset-page.js';
import { NotFoundRoute } from '../not-found.js';

export function Component() {
  const page = findAssetPage(useLocation().pathname);
  return page ? <AssetPage page={page} productName={env.PRODUCT_NAME} /> : <NotFoundRoute />;
}
