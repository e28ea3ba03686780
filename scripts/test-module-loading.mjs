// Module-loading shortcuts for the test run (scripts/run-tests.mjs loads this with --import, after tsx; decision 0150).
// Each test file is a process of its own that loads the whole service, so what loading costs is paid ~300 times a
// run. Two costs are avoidable, and the shortcuts below give exactly what Node's and tsx's own loading gives:
//
// 1. drizzle-orm's resolution, the shortcut the `switchboard` command registers too (src/platform/module-loading.ts).
// 2. tsx's load hook handles every file, including node_modules' JavaScript, which it passes through unchanged: an ES
//    module file there is read here directly, as Node's own loader would read it.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { registerLoadingShortcuts } from '../src/platform/module-loading.ts';

registerLoadingShortcuts();
registerHooks({
  load(url, context, nextLoad) {
    if (context.format === 'module' && url.startsWith('file:') && url.includes('/node_modules/')) {
      return { format: 'module', source: readFileSync(fileURLToPath(url)), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
