// Vite builds the public site's client bundle (site/client/main.ts and one lazy chunk per island)
// into dist/site-client. Islands are written against the React API and server-rendered with React;
// in the browser they run on preact/compat (react, react-dom and their JSX runtime are aliased), which
// keeps an article page under the 50 KB compressed-JavaScript budget. File names carry content
// hashes (served as immutable); .vite/manifest.json tells the prerender which file is the entry and
// which chunks it imports (engine/build/stages/emit.ts copies assets/ into every tenant's assets/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => ({
  root,
  base: '/',
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  define: {
    'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production'),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/site-client', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // The page lists the entry's imports as modulepreload links itself; no polyfill needed (es2022).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('./site/client/main.ts', import.meta.url)) },
      output: {
        entryFileNames: 'assets/site-[name]-[hash].js',
        chunkFileNames: 'assets/site-[name]-[hash].js',
        assetFileNames: 'assets/site-[name]-[hash][extname]',
      },
    },
  },
}));
