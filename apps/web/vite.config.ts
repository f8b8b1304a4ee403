import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // The web build reads the contracts' sources, so it never waits for a contracts build.
      { find: /^@sokoni\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${src}$1` },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // The server reads it to preload a page's own chunks with the page (apps/api/src/web.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Our code and the query library that two or more chunks share go in one chunk: a page then
          // loads in a few requests instead of twenty small ones, which on a phone's network (and
          // HTTP/1.1's six connections) cost a round trip per wave.
          groups: [
            { name: 'shared', test: /\/(src|contracts\/src|node_modules\/@tanstack)\//, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
