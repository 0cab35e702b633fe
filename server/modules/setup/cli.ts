import type { SetupAnswer } from '../../../contract/setup.ts';
import { askShop, loadCommandConfig, onShopOrDatabase, runCommand } from '../../platform/command-line.ts';
import { askOutsideServices, buildShopSetup } from '../../services.ts';
import { goLive, shopDataOf } from './service.ts';

/**
 * `npm run doctor`: the "Go live" check for a deploy script. Prints the database it read, what Razorpay
 * and MSG91 answered when asked with the shop's keys (in production), then one line per missing item
 * and exits 1 while any is missing; exits 0, saying so, when the shop is ready. The configuration is
 * read as the server reads it (the project's `.env` under this process's environment); the shop's data
 * comes from the database, or from the shop running on the PGlite folder (which admits one process), as
 * `npm run staff` does. A refused key, or a service that does not answer, is missing.
 */
async function main(): Promise<void> {
  const config = loadCommandConfig();
  const [data, answers] = await Promise.all([
    onShopOrDatabase(
      config,
      async (shop) => shopDataOf(await askShop<SetupAnswer>(shop, 'GET', '/admin/api/setup')),
      (db) => buildShopSetup(db, config).shopData(),
    ),
    askOutsideServices(config),
  ]);
  for (const answer of answers.filter((a) => a.works)) console.log(answer.said);
  const missing = [...goLive(config, data).goLive, ...answers.filter((a) => !a.works).map((a) => a.said)];
  if (missing.length === 0) {
    console.log('The shop is ready to go live: nothing is missing.');
    return;
  }
  for (const item of missing) console.log(item);
  process.exitCode = 1;
}

runCommand(main);
