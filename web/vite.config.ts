import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The dashboard's build: static files only (dist/web), served by the service at `/` under a CSP without inline code
 * (src/web/dashboard/dashboard.routes.ts). The API client is the TypeScript SDK as its package ships it.
 */
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@switchboard/sdk': here('../sdk/typescript/dist/index.js') } },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    // No inline script: the preload polyfill is not needed by the browsers we support.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
  // `npm run dashboard:dev`: the app with hot reload, the API of a service started apart (npm start).
  server: {
    proxy: Object.fromEntries(
      ['/api', '/connect', '/auth', '/approvals', '/docs'].map((p) => [
        p,
        process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:8080',
      ]),
    ),
  },
  logLevel: 'warn',
});
