import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The contract's common-password rule statically imports the 10,000-word list (~200 KB compressed);
 * in the bundle that one import gets an empty stand-in, and password forms load the real module on
 * demand (src/app/password-list.ts). The server always checks the full list.
 */
const commonPasswordListOnDemand = (): Plugin => ({
  name: 'common-password-list-on-demand',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === './common-password-list' &&
      importer?.replaceAll('\\', '/').endsWith('contract/src/common-passwords.ts')
    )
      return fileURLToPath(new URL('./src/app/no-password-list.ts', import.meta.url));
    return null;
  },
});

export default defineConfig({
  plugins: [
    commonPasswordListOnDemand(),
    react(),
    // Brotli and gzip copies next to each file, made once at build time at the best ratio; the server
    // sends them as they are instead of compressing every response again (plugins/web-app.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
