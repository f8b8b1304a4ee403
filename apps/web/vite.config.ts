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
  },
});
