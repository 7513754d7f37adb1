import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from './app/provider.js';
import { AppRouter } from './app/router.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
