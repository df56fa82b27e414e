import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);
const outDir = decodeURIComponent(new URL('./dist', import.meta.url).pathname);
// Declared here rather than pulling Node's types into the browser project.
declare const process: { env: Record<string, string | undefined> };
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:4000';

/**
 * Writes `.vite/chunk-modules.json` (chunk file → the packages in it) next to the manifest, so
 * scripts/check-bundle.mjs can tell exactly which libraries the first screen downloads.
 */
function chunkModules(): Plugin {
  return {
    name: 'ips-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const packages = new Set<string>();
        for (const id of chunk.moduleIds) {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
          packages.add(m ? m[1]! : 'src');
        }
        out[chunk.fileName] = [...packages].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(out, null, 1),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkModules()],
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
      // The logo and other uploads are served by the API outside /api (decision 027).
      '/uploads': { target: apiTarget, changeOrigin: true },
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
