import sharp from 'sharp';
import { it } from 'vitest';
import type { Answer, BackOfficeClient } from './contract-client.ts';

/**
 * The steps of a story told through the contract: each runs only if every step before it passed (a later
 * step would fail for that reason), so a failure names its step. Call once per describe block.
 */
export function storySteps() {
  let failedStep: string | undefined;
  return (name: string, run: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async (context) => {
        if (failedStep) context.skip(`an earlier step failed: ${failedStep}`);
        try {
          await run();
        } catch (error) {
          failedStep = name;
          throw error;
        }
      },
      timeout,
    );
}

/** The answer's body once its status is the expected one; otherwise it throws, showing the body. */
export function expectStatus<T>(answer: Answer<T>, status: number): T {
  if (answer.status !== status) {
    throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A product the owner adds through the back office's API, with a photo uploaded first: its id. */
export async function addStoryProduct(
  owner: BackOfficeClient,
  product: { name: string; genre: string; price: number; seller: string; partner: string; hsnCode: string },
  sizes: { size: string; stock: number }[],
): Promise<number> {
  const photo = await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 30, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const file = { name: 'photo.jpg', type: 'image/jpeg', bytes: photo };
  const uploaded = expectStatus(
    await owner.upload<{ photo: string }>('/admin/api/products/photos', 'file', file),
    200,
  );
  const { price, ...named } = product;
  const created = await owner.post<{ id: number }>('/admin/api/products', {
    ...named,
    prod: 'apparel',
    userSegment: 'Women',
    description: 'Handwoven.',
    color: 'Green',
    features: {},
    mrp: price,
    price,
    sizes,
    photos: [uploaded.photo],
  });
  return expectStatus(created, 200).id;
}
