// Bundles the API into dist/server.js. npm packages stay external (they are installed); the workspace's
// own TypeScript (@ips/shared) is bundled in, since Node cannot load .ts files.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server.ts',
    'src/db/cli-migrate.ts',
    'src/cli-seed.ts',
    'src/modules/users/cli-create-admin.ts',
  ],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@ips/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
