// Vite builds the browser bundles: the admin SPA (admin/) and the public site's island client
// (site/client). The server side never goes through Vite.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
