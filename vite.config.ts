import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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

/**
 * The screens a first visit may open on (path pattern -> source) whose chunk is worth fetching early: the
 * product page's chunk arrives after its API answer. The home and listing chunks arrive before theirs
 * (the listing's waits for GET /api/check first), so preloading them only takes bandwidth from the entry.
 */
const FIRST_SCREENS: [RegExp, string][] = [[/^\/product\//i, 'src/screens/product/ProductScreen.tsx']];

/** The chunk of a module, the chunks it imports statically (bar the entry) and all their CSS. */
function chunkFiles(bundle: Rollup.OutputBundle, source: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  const add = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) add(chunks.find((c) => c.fileName === name));
  };
  add(chunks.find((c) => c.facadeModuleId?.endsWith(source)));
  return [...files];
}

/**
 * A first visit's screen is a lazy chunk the entry script asks for only once it runs: a small inline
 * script preloads the chunk of the address's screen while the entry script downloads, taking a round
 * trip off the way to the page's largest picture (issue 2).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'haat-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const screens = FIRST_SCREENS.map(([pattern, source]) => [
          pattern.source,
          pattern.flags,
          chunkFiles(bundle, source),
        ]);
        const script = `for(const[p,f,files]of ${JSON.stringify(screens)})if(new RegExp(p,f).test(location.pathname))for(const file of files){const l=document.createElement("link");if(file.endsWith(".css")){l.rel="preload";l.as="style"}else l.rel="modulepreload";l.href="/"+file;document.head.append(l)}`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
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
        root: 'web',
        plugins: [react(), preloadFirstScreen(), precompress(outDir)],
        build: {
          outDir: `../${outDir}`,
          emptyOutDir: true,
          target: 'es2022',
          // screens share many small modules (a price, a loader, the delivery dates): merged into
          // chunks of some size, a product page asks for a handful of files before its photo, not a dozen
          rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
        },
        server: { proxy },
      },
);
