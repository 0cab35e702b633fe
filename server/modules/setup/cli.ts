import type { SetupAnswer } from '../../../contract/setup.ts';
import { loadConfig } from '../../config.ts';
import { askShop, onShopOrDatabase, runCommand } from '../../platform/command-line.ts';
import { buildShopSetup } from '../../services.ts';
import { goLive, shopDataOf } from './service.ts';

/**
 * `npm run doctor`: the "Go live" check for a deploy script. Prints one line per missing item and exits
 * 1 while any is missing; exits 0, saying so, when the shop is ready. The configuration is this
 * process's environment, read as the server reads it; the shop's data comes from the database, or
 * from the shop running on the PGlite folder (which admits one process), as `npm run staff` does.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const data = await onShopOrDatabase(
    config,
    async (shop) => shopDataOf(await askShop<SetupAnswer>(shop, 'GET', '/admin/api/setup')),
    (db) => buildShopSetup(db, config).shopData(),
  );
  const missing = goLive(config, data).goLive;
  if (missing.length === 0) {
    console.log('The shop is ready to go live: nothing is missing.');
    return;
  }
  for (const item of missing) console.log(item);
  process.exitCode = 1;
}

runCommand(main);
