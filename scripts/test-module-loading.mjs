// Module-loading shortcuts for the test run (scripts/run-tests.mjs loads this with --import, after tsx; decision 0150).
// Each test file is a process of its own that loads the whole service, so what loading costs is paid ~300 times a
// run. Two costs are avoidable, and the shortcuts below give exactly what Node's and tsx's own loading gives:
//
// 1. drizzle-orm's package.json is 175 KB, nearly all of it its "exports" map. Node (24) parses that map again for
//    every file it resolves in the package (getPackageScopeConfig copies the package's fields, which reads the lazily
//    parsed map), and for every file of ours that imports the package: ~1 s of each process's start. drizzle's own
//    files import each other by relative .js paths and the package is an ES module package ("type": "module"), so
//    such an import resolves to that file as an ES module without reading package.json; and a bare 'drizzle-orm…'
//    import from our code resolves to the same file from every file of ours, so it is resolved once per process.
// 2. tsx's load hook handles every file, including node_modules' JavaScript, which it passes through unchanged: an ES
//    module file there is read here directly, as Node's own loader would read it.
//
// If drizzle-orm is not an ES module package in a real (not symlinked) directory, the first shortcut stays off.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const drizzleDir = path.join(root, 'node_modules', 'drizzle-orm');
const drizzlePrefix = `${pathToFileURL(drizzleDir).href}/`;
const ownPrefix = `${pathToFileURL(root).href}/`;
const drizzleIsPlainEsm =
  existsSync(path.join(drizzleDir, 'package.json')) &&
  realpathSync(drizzleDir) === drizzleDir &&
  JSON.parse(readFileSync(path.join(drizzleDir, 'package.json'), 'utf8')).type === 'module';

const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../');
const ownFile = (url) => url !== undefined && url.startsWith(ownPrefix) && !url.includes('/node_modules/');
const drizzleResolved = new Map();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!drizzleIsPlainEsm || parent === undefined) return nextResolve(specifier, context);
    if (parent.startsWith(drizzlePrefix) && isRelative(specifier) && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    if ((specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) && ownFile(parent)) {
      const key = `${specifier}\0${(context.conditions ?? []).join(',')}`;
      let resolved = drizzleResolved.get(key);
      if (resolved === undefined) {
        resolved = { ...nextResolve(specifier, context), shortCircuit: true };
        drizzleResolved.set(key, resolved);
      }
      return resolved;
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (context.format === 'module' && url.startsWith('file:') && url.includes('/node_modules/')) {
      return { format: 'module', source: readFileSync(fileURLToPath(url)), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
