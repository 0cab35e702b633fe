import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://127.0.0.1:3000';
const outDir = 'dist/web';

/** Writes .br and .gz beside each text asset once, so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'haat-precompress',
    apply: 'build',
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
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

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: `../${outDir}`,
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // in development the API runs beside Vite (npm run dev)
    proxy: Object.fromEntries(
      ['/api', '/home', '/product/ind', '/images', '/reviewimages', '/admin/api', '/loginCheck'].map((p) => [
        p,
        api,
      ]),
    ),
  },
});
