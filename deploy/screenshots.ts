import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../e2e/support/browser.ts';
import { freePort, spawnCompiledServer, stopProcess, untilAnswers } from './processes.ts';

/**
 * `npx tsx deploy/screenshots.ts` (after `npm run build`): the README's pictures in docs/images/, taken
 * in Chromium from the demo shop on a new data folder, and reduced to a palette so each stays small.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMAGES = join(ROOT, 'docs/images');
const OWNER = { phone: '9876543210', name: 'Asha Rao' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const dataDir = mkdtempSync(join(tmpdir(), 'haat-screenshots-'));
const env = { PATH: process.env.PATH, NODE_ENV: 'development', HAAT_DEMO: 'on', DATA_DIR: dataDir };
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawnCompiledServer(env, port, 'inherit');
const browser = await launchBrowser();

async function take(name: string, viewport: typeof PHONE, show: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: true });
  const page = await context.newPage();
  await show(page);
  const file = join(IMAGES, `${name}.png`);
  const { size } = await sharp(await page.screenshot())
    .png({ palette: true, quality: 70, compressionLevel: 9, effort: 10 })
    .toFile(file);
  console.log(`${file}: ${Math.round(size / 1024)} kB`);
  await context.close();
}

const visit = (path: string) => async (page: Page) => {
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
};

/** The back office's dashboard, signed in as the owner with the development outbox's code. */
async function dashboard(page: Page) {
  await page.goto(`${url}/admin/`);
  await page.getByLabel('Mobile number').fill(OWNER.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('alert').filter({ hasText: 'Code sent' }).waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  const { code } = await (await fetch(`${url}/api/dev/sms/${OWNER.phone}`)).json();
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.waitForLoadState('networkidle');
}

try {
  await untilAnswers(`${url}/readyz`, server, 120_000);
  await promisify(execFile)(
    process.execPath,
    ['dist/server/staff.js', 'add', '--phone', OWNER.phone, '--name', OWNER.name, '--role', 'owner'],
    { cwd: ROOT, env },
  );
  // the first product of a search the demo always answers
  const { prods } = await (await fetch(`${url}/api/search?q=saree`)).json();
  const product = `/product/${prods[0].prod}/${prods[0].id}`;
  await take('shop-phone', PHONE, visit('/'));
  await take('product-phone', PHONE, visit(product));
  await take('shop-desktop', DESKTOP, visit('/'));
  await take('product-desktop', DESKTOP, visit(product));
  await take('back-office', DESKTOP, dashboard);
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
