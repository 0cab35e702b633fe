import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
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
