import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Workspace packages are consumed as TypeScript source, never from their build output.
    conditions: ['source', ...defaultClientConditions],
  },
  // The manifest lets `npm run bench:web` weigh the chunks a route loads.
  build: { manifest: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
