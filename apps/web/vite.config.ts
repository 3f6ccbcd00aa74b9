import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

const apiTarget = process.env.PLOTBOOK_API ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunk holds which source file (the e2e test of the public pages reads it).
    manifest: true,
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
});
