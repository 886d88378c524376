import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.KH_API_ORIGIN ?? 'http://127.0.0.1:8080';

// Served by the API server under /console, on the applicant app's origin and under the same CSP.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: { host: '127.0.0.1', proxy: { '/staff': { target: api, changeOrigin: false } } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
