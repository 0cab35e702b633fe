/** The facet index's thread (see index-thread.ts): one FacetIndex, changed and asked by messages. */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { FacetIndex } from './facet-index/facet-index.ts';
import type { FacetAnswer } from './facet-index/types.ts';
import { indexedProducts } from './index-rows.ts';
import type { GenreCounts, IndexCommand, IndexReply } from './index-thread.ts';

if (!parentPort) throw new Error('index-worker.ts runs as a worker thread (IndexThread starts it)');
const port: MessagePort = parentPort;
const index = new FacetIndex();

port.on('message', (command: IndexCommand) => {
  switch (command.kind) {
    case 'reserve':
      return index.reserve(command.sizes);
    case 'put':
      for (const product of indexedProducts(command.rows)) index.put(product);
      return;
    case 'remove':
      for (const id of command.ids) index.remove(id);
      return;
    case 'finish':
      return index.finishFirstRead();
    case 'popularity':
      return index.setPopularity(command.figures);
    case 'sales':
      return index.setSales(command.sales);
    case 'query':
      return answer(command.id, () => index.query(command.query));
    case 'genres':
      return answer(command.id, () => index.genreCounts());
  }
});

/** A question's answer, or its error's message (a failed write instead ends the thread: see IndexThread). */
function answer(id: number, make: () => FacetAnswer | GenreCounts): void {
  let reply: IndexReply;
  try {
    reply = { id, ok: true, value: make() };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
}
