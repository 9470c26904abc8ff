import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'app',
  publicDir: false,
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000', '/insurance': 'http://127.0.0.1:3000', '/applications': 'http://127.0.0.1:3000', '/clients': 'http://127.0.0.1:3000', '/pdf': 'http://127.0.0.1:3000' } },
  build: { outDir: '../dist/app', emptyOutDir: true, sourcemap: false },
});
