import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons } from './pwa/app-icons';
import { offlineCaching } from './pwa/caching';
import { pwaManifest } from './pwa/manifest';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));

const FORM_LIBRARIES = /\/node_modules\/(zod|react-hook-form|@hookform)\//;
const SHARED_CODE = /\/(src|contracts\/src|node_modules\/@tanstack)\//;

/**
 * Which modules reach the form libraries through their static imports, read off the module graph as
 * it is parsed. A page that only shows things (a product, a stay, a course) never imports them, so
 * they must stay out of the chunk every page loads.
 */
function formCode(): { plugin: Plugin; reachesForms: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let formModules: Set<string> | undefined;
  const findFormModules = () => {
    const importers = new Map<string, string[]>();
    for (const [id, imported] of imports)
      for (const target of imported) importers.set(target, [...(importers.get(target) ?? []), id]);
    const found = new Set([...imports.keys()].filter((id) => FORM_LIBRARIES.test(id)));
    for (const id of found) for (const importer of importers.get(id) ?? []) found.add(importer);
    return found;
  };
  return {
    plugin: {
      name: 'sokoni:form-code',
      buildStart() {
        imports.clear();
        formModules = undefined;
      },
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    // Asked only while chunks are made, after every module has been parsed.
    reachesForms: (id) => (formModules ??= findFormModules()).has(id),
  };
}

const { plugin: formCodePlugin, reachesForms } = formCode();

const COMPRESSIBLE = /\.(js|css|wasm|svg)$/;

/**
 * Writes each built script, stylesheet and wasm file beside itself compressed as hard as brotli (and
 * gzip) go, once, for the server to send as they are (apps/api/src/web.ts): 14% fewer bytes than
 * compressing each answer on the fly, which must stay quick.
 */
function precompressed(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'sokoni:precompressed',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir!, file);
          const data = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    formCodePlugin,
    precompressed(),
    // The installable app and its service worker (#29): registered by our own code (src/app/pwa).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'prompt',
      manifest: pwaManifest,
      workbox: offlineCaching,
    }),
    appIcons(),
  ],
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
          // HTTP/1.1's six connections) cost a round trip per wave. Form code (react-hook-form, zod,
          // the contracts' schemas and what uses them) goes in a `forms` chunk that only the pages
          // with a form load.
          groups: [
            {
              name: 'shared',
              test: (id) => SHARED_CODE.test(id) && !reachesForms(id),
              minShareCount: 2,
              priority: 2,
            },
            { name: 'forms', test: reachesForms, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
