// Vite builds the browser bundles. The staff admin (admin/) is built with base '/admin/' into
// dist/admin, which `masthead serve` mounts at /admin. `npm run dev` serves the admin with hot reload
// and proxies the API paths to the API on localhost:4000 (MASTHEAD_API to point elsewhere).
// The server side never goes through Vite.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('./admin', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/admin', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const api = process.env.MASTHEAD_API ?? 'http://localhost:4000';
/** This build's id: the documents' version parameter and the id in builds/latest.json (admin/lib/build-poll.ts). */
const ADMIN_VERSION = `${pkg.version}-${Date.now().toString(36)}`;

export default defineConfig(({ command }) => ({
  root,
  base: '/admin/',
  publicDir: false,
  plugins: [react(), {
    name: 'masthead-admin-latest-build',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id: ADMIN_VERSION, timestamp: Date.now() }) });
    },
  }],
  define: {
    /** Version parameter of the operation documents (GET /graphql/{kind}/{name}.gql?v=…): changes every build. */
    __ADMIN_VERSION__: JSON.stringify(ADMIN_VERSION),
    /**
     * Public origin of each site, with {key} and {domain}. Empty: the site's domain on the admin's
     * own port (how `masthead serve` answers). In dev the sites stay on the API's port.
     */
    __SITE_ORIGIN__: JSON.stringify(process.env.MASTHEAD_SITE_ORIGIN ?? (command === 'serve' ? `http://{domain}:${new URL(api).port || 80}` : '')),
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/graphql': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
