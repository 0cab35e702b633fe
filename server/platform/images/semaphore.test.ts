import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

/** A task that runs until its test lets it finish, recording that it started. */
function gatedTask(started: number[], id: number) {
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const task = async () => {
    started.push(id);
    await gate;
    return id;
  };
  return { task, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most its permits at once; the others start in order as running ones finish', async () => {
    const semaphore = new Semaphore(2);
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((id) => gatedTask(started, id));
    const results = tasks.map(({ task }) => semaphore.run(task));
    await settle();
    expect(started).toEqual([0, 1]);
    tasks[1]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]?.finish();
    tasks[2]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
  });

  it("leaves shoppers' tasks a share of the permits, and starts a waiting shop task before them", async () => {
    const semaphore = new Semaphore(2, 1);
    const started: number[] = [];
    const reviews = [0, 1, 2].map((id) => gatedTask(started, id));
    const photo = gatedTask(started, 10);
    const nextPhoto = gatedTask(started, 11);
    const results = reviews.map(({ task }) => semaphore.run(task, 'shopper'));
    await settle();
    // one review runs; the second permit stays free for the shop
    expect(started).toEqual([0]);
    results.push(semaphore.run(photo.task));
    await settle();
    expect(started).toEqual([0, 10]);
    results.push(semaphore.run(nextPhoto.task));
    await settle();
    // the running review ends: its permit goes to the waiting product photo, not to the next review
    reviews[0]?.finish();
    await settle();
    expect(started).toEqual([0, 10, 11]);
    photo.finish();
    await settle();
    expect(started).toEqual([0, 10, 11, 1]);
    for (const { finish } of [...reviews, photo, nextPhoto]) finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 10, 11]);
    expect(started).toEqual([0, 10, 11, 1, 2]);
  });

  it('frees the permit of a task that fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    expect(await semaphore.run(async () => 'next')).toBe('next');
  });
});
