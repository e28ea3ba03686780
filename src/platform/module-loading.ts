import { existsSync, readFileSync, realpathSync } from 'node:fs';
import * as nodeModule from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A shortcut in module resolution, registered before the service loads (the `switchboard` command, and the test
 * run's loader: decisions 0150 and 0153). It gives exactly what Node's own resolution gives, in a fraction of the time:
 *
 * drizzle-orm's package.json is 175 KB, nearly all of it its "exports" map. Node (24) parses that map again for every
 * file it resolves in the package (getPackageScopeConfig copies the package's fields, which reads the lazily parsed
 * map), and for every file of ours that imports the package: about 1 s of CPU on every start of the process. drizzle's
 * own files import each other by relative .js paths and the package is an ES module package ("type": "module"), so
 * such an import resolves to that file as an ES module without reading package.json; and a bare 'drizzle-orm…' import
 * from a file of ours resolves to the same file from every file of ours, so it is resolved once per process.
 *
 * Off when drizzle-orm is not an ES module package in a real (not symlinked) directory, or Node lacks module hooks.
 * Returns whether it was registered.
 */
export function registerLoadingShortcuts(): boolean {
  const register = (nodeModule as { registerHooks?: typeof nodeModule.registerHooks }).registerHooks;
  if (!register) return false;
  let drizzleDir: string;
  try {
    // <root>/node_modules/drizzle-orm/index.cjs
    drizzleDir = path.dirname(nodeModule.createRequire(import.meta.url).resolve('drizzle-orm'));
  } catch {
    return false;
  }
  const pkg = path.join(drizzleDir, 'package.json');
  if (!existsSync(pkg) || realpathSync(drizzleDir) !== drizzleDir) return false;
  if ((JSON.parse(readFileSync(pkg, 'utf8')) as { type?: string }).type !== 'module') return false;

  const drizzlePrefix = `${pathToFileURL(drizzleDir).href}/`;
  const ownPrefix = `${pathToFileURL(path.dirname(path.dirname(drizzleDir))).href}/`; // the directory holding node_modules
  const ownFile = (url: string): boolean => url.startsWith(ownPrefix) && !url.includes('/node_modules/');
  const isRelative = (specifier: string): boolean => specifier.startsWith('./') || specifier.startsWith('../');
  const resolved = new Map<string, nodeModule.ResolveFnOutput>();

  register({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent === undefined) return nextResolve(specifier, context);
      if (parent.startsWith(drizzlePrefix) && isRelative(specifier) && specifier.endsWith('.js')) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      if ((specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) && ownFile(parent)) {
        const key = `${specifier}\0${(context.conditions ?? []).join(',')}`;
        let found = resolved.get(key);
        if (found === undefined) {
          found = { ...nextResolve(specifier, context), shortCircuit: true };
          resolved.set(key, found);
        }
        return found;
      }
      return nextResolve(specifier, context);
    },
  });
  return true;
}
