import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const api = 'http://127.0.0.1:3000';
const outDir = 'dist/web';
/** the back office (web/admin, served at /admin/): built on its own, after the shop, into the shop's output */
const adminOutDir = `${outDir}/admin`;

/** Writes .br and .gz beside each text asset once, so the server sends them without compressing per request. */
function precompress(dir: string): Plugin {
  return {
    name: 'haat-precompress',
    apply: 'build',
    closeBundle() {
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// in development the API runs beside Vite (npm run dev)
const proxy = Object.fromEntries(
  ['/api', '/home', '/product/ind', '/images', '/reviewimages', '/admin/api', '/loginCheck'].map((p) => [
    p,
    api,
  ]),
);

/** Names the chunk of modules that lazy screens share, leaving out what the entry imports statically. */
function sharedByScreens(id: string, context: Rolldown.ChunkingContext): string | null {
  // false while a module is being looked at: an import cycle ends there
  const initial = new Map<string, boolean>();
  const loadedFirst = (module: string): boolean => {
    const known = initial.get(module);
    if (known !== undefined) return known;
    initial.set(module, false);
    const info = context.getModuleInfo(module);
    const result = !!info && (info.isEntry || info.importers.some(loadedFirst));
    initial.set(module, result);
    return result;
  };
  return loadedFirst(id) ? null : 'shared';
}

/**
 * Two builds of one config (decision 014): the shop (`vite build`) and, with `--mode admin`, the back
 * office. Built apart, they share no chunk, so the shop's initial JavaScript is what it would be without
 * the back office, byte for byte; the back office's chunks live under /admin/assets/.
 */
export default defineConfig(({ mode }) =>
  mode === 'admin'
    ? {
        root: 'web/admin',
        base: '/admin/',
        plugins: [react(), precompress(adminOutDir)],
        build: { outDir: `../../${adminOutDir}`, emptyOutDir: true, target: 'es2022' },
        server: { proxy },
      }
    : {
        root: 'web/shop',
        plugins: [react(), precompress(outDir)],
        build: {
          outDir: `../../${outDir}`,
          emptyOutDir: true,
          target: 'es2022',
          // screens share many small modules (a price, a loader, the delivery dates): merged into one
          // chunk, a product page asks for a handful of files before its photo, not a dozen. What the
          // first page loads stays in its own chunk, so the shop's initial JavaScript does not grow.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: sharedByScreens,
                    debugName: 'shared',
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
        server: { proxy },
      },
);
