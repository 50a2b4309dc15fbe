import path from 'node:path';
import { syncRegions } from './regions';
import {
  renderEnv,
  renderJobs,
  renderOperations,
  renderScriptEnv,
  renderScripts,
  renderServerFolders,
  renderStoreFiles,
} from './render';
import { listEnvVariables, listJobs, listOperations, listScripts, listServerFolders, listStoreFiles } from './sources';

/**
 * The docs' generated inventories (docs/README.md, "Generated inventories"):
 * `npm run docs:generate` rewrites them, `npm run check:docs` (`--check`) fails with the first
 * differing line of each file whose committed text is not what the code gives.
 */

/** Every region's Markdown, by region name, from the code under `root`. */
export function renderInventories(root: string): Record<string, string> {
  const operations = listOperations();
  return {
    operations: renderOperations(operations, 'member'),
    'operator-operations': renderOperations(operations, 'operator'),
    env: renderEnv(listEnvVariables()),
    'script-env': renderScriptEnv(),
    scripts: renderScripts(listScripts(root)),
    'server-folders': renderServerFolders(listServerFolders(root)),
    'store-files': renderStoreFiles(listStoreFiles(root)),
    jobs: renderJobs(listJobs()),
  };
}

/**
 * `--check` compares instead of writing; `--docs-root DIR` reads and writes the docs under DIR instead
 * of this checkout (the inventories still come from this checkout's code; tests check a copy).
 */
function main(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const check = process.argv.includes('--check');
  const at = process.argv.indexOf('--docs-root');
  const docsRoot = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]!) : root;
  const drifts = syncRegions(docsRoot, renderInventories(root), !check);
  if (!check) {
    for (const drift of drifts) {
      if (drift.rewritten) console.log(`docs: rewrote ${drift.file}`);
      else console.error(`docs: cannot write ${drift.file}: ${drift.message}`);
    }
    if (drifts.some((drift) => !drift.rewritten)) process.exitCode = 1;
    return;
  }
  if (drifts.length === 0) return;
  for (const drift of drifts) console.error(`${drift.file} differs from the generated inventory, ${drift.message}`);
  console.error(
    '\nThe generated regions are written from the code: run `npm run docs:generate` and commit the result.',
  );
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
