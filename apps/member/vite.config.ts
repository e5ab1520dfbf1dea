import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The member app: its own bundle (no react-admin, no MUI), built into the web's dist under /app so the
 * server serves both from one folder (plugins/web-app.ts sends app/index.html for /app/* and /q/*).
 * It runs after the web's build, which empties dist first.
 */
/** `zod` in the contract's declarations becomes an inert stand-in: see src/zod-stand-in.ts. */
const schemasLeftToTheServer = (): Plugin => ({
  name: 'schemas-left-to-the-server',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'zod' && importer?.replaceAll('\\', '/').includes('/packages/contract/'))
      return fileURLToPath(new URL('./src/zod-stand-in.ts', import.meta.url));
    return null;
  },
});

export default defineConfig({
  base: '/app/',
  plugins: [
    schemasLeftToTheServer(),
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: fileURLToPath(new URL('../web/dist/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
});
