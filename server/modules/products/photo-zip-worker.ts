/** The photos zip's thread (see photo-zip.ts): inflates the one zip it is given, answers, and ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { inflatePhotoZip } from './photo-zip-inflate.ts';

if (!parentPort) throw new Error('photo-zip-worker.ts runs as a worker thread (readPhotoZip starts it)');
const outcome = inflatePhotoZip(workerData as Uint8Array);
// the photos' bytes move to the shop's thread rather than being copied (each memory once)
const memory = outcome.ok ? new Set(outcome.photos.map(([, data]) => data.buffer as ArrayBuffer)) : [];
parentPort.postMessage(outcome, [...memory]);
