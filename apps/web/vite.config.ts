import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

const apiTarget = process.env.PLOTBOOK_API ?? 'http://localhost:8080';

// `vite build` builds the whole app (index.html, src/main.tsx). `vite build --mode public` then adds, into the same
// dist, the prerendered public pages' own entry (public.html, src/public.tsx): a build of its own, so it is
// tree-shaken for those pages alone (react-router's declarative mode without the data router, no working area)
// and shares no chunk with the app. build/prerender.ts uses public.html as the pages' template.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: mode !== 'public',
    target: 'es2022',
    // dist/.vite/manifest.json: which chunk holds which source file (the e2e test of the public pages reads it).
    manifest: mode === 'public' ? '.vite/public-manifest.json' : true,
    rolldownOptions: {
      input: mode === 'public' ? 'public.html' : 'index.html',
      // The working area's icons (Tabler's, one small module each) in one chunk: left to themselves they were a
      // chunk each, a request and a preload each (fifteen for the dashboard alone). React goes in a group of its
      // own first, or the icons' group would take it along as their dependency.
      output:
        mode === 'public'
          ? {}
          : {
              codeSplitting: {
                groups: [
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                  { name: 'icons', test: /@tabler[\\/]icons-react/, priority: 1 },
                ],
              },
            },
    },
  },
  server: {
    port: 5173,
    // Tenants are sub-domains: demo.localhost:5173 must be accepted.
    allowedHosts: ['.localhost'],
    proxy: {
      // changeOrigin stays false so the server still sees the tenant's Host header.
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
}));
