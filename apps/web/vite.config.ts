import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);
const outDir = decodeURIComponent(new URL('./dist', import.meta.url).pathname);
// Declared here rather than pulling Node's types into the browser project.
declare const process: { env: Record<string, string | undefined> };
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The event stream must reach the browser unbuffered: no compression, no proxy timeout.
        timeout: 0,
        proxyTimeout: 0,
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.url?.startsWith('/api/events')) proxyReq.setHeader('accept-encoding', 'identity');
          });
        },
      },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
});
