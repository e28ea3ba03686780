/**
 * npm run sdk:generate — writes both SDKs' generated layer from what the service publishes (docs/decisions/0129):
 * `sdk/spec/` (the OpenAPI document and the catalog), the TypeScript SDK's `src/generated/` and its built `dist/`,
 * and the Python SDK's `switchboard/_generated/`.
 *
 *   npm run sdk:generate                          from this checkout (an app built in-process, embedded database)
 *   npm run sdk:generate -- --from http://host:3000   from a running server: its catalog includes pieces added at run time
 *                                                  (and, with SWITCHBOARD_API_KEY set, that organization's custom integrations)
 *   npm run sdk:generate -- --check                CI: regenerate in memory and fail naming every stale file
 *   --out <dir>                                    write the generated sources under <dir> instead (no dist/ build)
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { generatePython } from './python.js';
import { localSpec, remoteSpec, type SdkSpec } from './spec.js';
import { generateTypeScript } from './typescript.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TS_SDK = 'sdk/typescript';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Every generated source file, by repository-relative path. */
export async function generatedSources(spec: SdkSpec): Promise<Record<string, string>> {
  return {
    'sdk/spec/openapi.json': json(spec.openapi),
    'sdk/spec/catalog.json': json(spec.catalog),
    ...(await generateTypeScript(spec)),
    ...(await generatePython(spec)),
  };
}

/** The TypeScript SDK compiled from the sources on disk, in memory: repository-relative path → content. */
export function compileTypeScriptSdk(root = ROOT): Record<string, string> {
  const configPath = path.join(root, TS_SDK, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const out: Record<string, string> = {};
  const result = program.emit(undefined, (file, text) => {
    out[path.relative(root, file).split(path.sep).join('/')] = text;
  });
  const errors = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  if (errors.length > 0)
    throw new Error(
      ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }),
    );
  return out;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const e of entries) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) files.push(...(await filesUnder(rel)));
    else files.push(rel);
  }
  return files;
}

/** The generated directories: a file in one that the generator no longer writes is stale too. */
const GENERATED_DIRS = ['sdk/spec', `${TS_SDK}/src/generated`, `${TS_SDK}/dist`, 'sdk/python/switchboard/_generated'];

async function stale(expected: Record<string, string>, dirs: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, content] of Object.entries(expected)) {
    const actual = await readFile(path.join(ROOT, file), 'utf8').catch(() => null);
    if (actual === null) problems.push(`missing: ${file}`);
    else if (actual !== content) problems.push(`differs: ${file}`);
  }
  for (const dir of dirs) {
    for (const file of await filesUnder(dir)) {
      if (!(file in expected) && !file.endsWith('__pycache__') && !file.includes('/__pycache__/'))
        problems.push(`not generated: ${file}`);
    }
  }
  return problems;
}

async function writeAll(files: Record<string, string>, clean: string[], root = ROOT): Promise<void> {
  for (const dir of clean) await rm(path.join(root, dir), { recursive: true, force: true });
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}

const option = (argv: string[], name: string, example: string): string | undefined => {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value, e.g. ${name} ${example}`);
  return value;
};

async function main(argv: string[]): Promise<number> {
  const from = option(argv, '--from', 'http://localhost:3000');
  const out = option(argv, '--out', '/tmp/switchboard-sdk');
  const spec = from ? await remoteSpec(from, process.env.SWITCHBOARD_API_KEY || undefined) : await localSpec();
  const sources = await generatedSources(spec);

  if (argv.includes('--check')) {
    const sourceDirs = GENERATED_DIRS.filter((d) => d !== `${TS_SDK}/dist`);
    const sourceProblems = await stale(sources, sourceDirs);
    // Once the sources on disk are the generated ones, the built dist/ must be what they compile to.
    const dist = sourceProblems.length === 0 ? compileTypeScriptSdk() : {};
    const problems = sourceProblems.length > 0 ? sourceProblems : await stale(dist, [`${TS_SDK}/dist`]);
    if (problems.length > 0) {
      console.error(`The generated SDK files are stale; run npm run sdk:generate and commit the result.\n${problems.join('\n')}`);
      return 1;
    }
    console.log(`SDKs are current (${Object.keys(sources).length + Object.keys(dist).length} generated files).`);
    return 0;
  }

  if (out) {
    await writeAll(sources, [], path.resolve(out));
    console.log(`Wrote ${Object.keys(sources).length} generated files under ${out}.`);
    return 0;
  }
  await writeAll(
    sources,
    GENERATED_DIRS.filter((d) => d !== `${TS_SDK}/dist`),
  );
  await writeAll(compileTypeScriptSdk(), [`${TS_SDK}/dist`]);
  console.log(
    `Wrote ${Object.keys(sources).length} generated files and the TypeScript SDK's dist/${from ? ` (catalog from ${from})` : ''}.`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
