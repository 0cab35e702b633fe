/**
 * Whether shoppers' review photos make product photos wait: 20 review uploads of a
 * 12-megapixel photo are stored at once, and meanwhile a product photo not yet rendered is asked for. It
 * prints how long the product photo took, and how many uploads were still waiting when it came, against
 * the same render on an idle pipeline. In-process, on a temporary data directory: no server, no database.
 * `npm run bench:review-photos`
 */

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Images, storeReviewImage } from '../server/platform/images/service.ts';

const UPLOADS = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'haat-review-photos-'));
const originals = join(dataDir, 'images', 'originals');
mkdirSync(originals, { recursive: true });

/** a phone photo's size, of noise: the slowest kind to decode and encode */
const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  }).jpeg();

try {
  for (const name of ['idle', 'busy']) await photo(1800, 2400).toFile(join(originals, `p-${name}.jpg`));
  const upload = await photo(4000, 3000).toBuffer();
  const images = new Images(dataDir);

  let sent = performance.now();
  await images.product('p-idle.webp', 640);
  const idle = performance.now() - sent;

  const started = performance.now();
  let stored = 0;
  const uploads = Array.from({ length: UPLOADS }, (_, i) =>
    storeReviewImage(dataDir, `r-${i}.webp`, upload).then(() => {
      stored += 1;
    }),
  );
  // the product photo is asked for once the uploads are under way (the first has been decoded)
  await uploads[0];
  sent = performance.now();
  await images.product('p-busy.webp', 640);
  const busy = performance.now() - sent;
  const waiting = UPLOADS - stored;
  await Promise.all(uploads);
  const all = performance.now() - started;
  console.log({
    'product photo, idle (ms)': Math.round(idle),
    [`product photo, ${UPLOADS} uploads under way (ms)`]: Math.round(busy),
    'uploads still waiting when it came': waiting,
    [`all ${UPLOADS} uploads stored (ms)`]: Math.round(all),
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
