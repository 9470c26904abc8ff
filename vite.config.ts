import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stepModulesPlugin } from './scripts/stepModulesPlugin.ts';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: 'app',
  publicDir: false,
  plugins: [react(), stepModulesPlugin()],
  // rjsf's markdown descriptions are never enabled by our definitions; see renderer/plainMarkdown.tsx.
  resolve: { alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./renderer/plainMarkdown.tsx', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000', '/insurance': 'http://127.0.0.1:3000', '/applications': 'http://127.0.0.1:3000', '/clients': 'http://127.0.0.1:3000', '/pdf': 'http://127.0.0.1:3000' } },
  build: { outDir: '../dist/app', emptyOutDir: true, sourcemap: false },
});
