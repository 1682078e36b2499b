import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./web'),
  publicDir: here('./web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': here('./web'), '@core': here('./core') } },
  // The manifest lets the server preload a page's own chunks with its HTML (server/http/preload.ts).
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the app supports preloads modules itself (docs/decisions/043-prerendered-public-pages.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'ui',
              test: /web[\\/](components[\\/]ui[\\/](logo|spinner|field)\.tsx|lib[\\/](cn|visitor-page)\.ts)$|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/].*)\.mjs$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
});
