import { AppError } from '../errors.js';

/**
 * The shape every JSON body must keep (decision 0105): how deep objects and arrays nest, how many keys and array
 * elements it holds in all, well-formed Unicode text, finite numbers. Checked once where a body is parsed, by a walk
 * that does not recurse, so that nothing later (validation, storage, the piece workers' IPC, serialising an answer)
 * meets a value its own recursion cannot take.
 */
export interface JsonLimits {
  /** Objects and arrays inside one another (the body's own object is level 1). */
  maxDepth: number;
  /** Keys of objects plus elements of arrays, counted over the whole body. */
  maxEntries: number;
}

export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({ maxDepth: 64, maxEntries: 100_000 });

export type JsonProblem =
  | { kind: 'depth'; field: string }
  | { kind: 'entries' }
  | { kind: 'surrogate'; field: string; inKey: boolean }
  | { kind: 'number'; field: string };

/** ES2024 string methods (Node 20 has them; the TypeScript lib here is ES2023): no unpaired UTF-16 surrogate. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };
export const isWellFormed = (s: string): boolean => (s as Es2024String).isWellFormed();
/** Each unpaired surrogate replaced by U+FFFD. */
export const toWellFormed = (s: string): string => (s as Es2024String).toWellFormed();

type Container = Record<string, unknown> | unknown[];
interface Frame {
  node: Container;
  /** An object's keys; null for an array. */
  keys: string[] | null;
  /** The next child to visit. */
  i: number;
}

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * Checks a parsed JSON value against the limits; returns the first problem, or null. In `repair` mode (a third
 * party's webhook payload, kept rather than refused) unpaired surrogates in strings and keys are replaced by U+FFFD
 * in place and numbers beyond a double (1e309) are left as JSON.parse made them; depth and entries still apply.
 * The (possibly repaired) value is returned either way.
 */
export function inspectJson(
  root: unknown,
  limits: JsonLimits,
  mode: 'refuse' | 'repair' = 'refuse',
): { value: unknown; problem: JsonProblem | null } {
  const repair = mode === 'repair';
  if (typeof root === 'string' && !isWellFormed(root)) {
    if (repair) return { value: toWellFormed(root), problem: null };
    return { value: root, problem: { kind: 'surrogate', field: '', inKey: false } };
  }
  if (typeof root === 'number' && !repair && !Number.isFinite(root))
    return { value: root, problem: { kind: 'number', field: '' } };
  if (!isContainer(root)) return { value: root, problem: null };
  const frames: Frame[] = [{ node: root, keys: Array.isArray(root) ? null : Object.keys(root), i: 0 }];
  // The field being visited, as validation messages name fields: keys and indexes joined by dots.
  const field = () => frames.map((f) => (f.keys ? f.keys[f.i - 1] : String(f.i - 1))).join('.');
  const parent = () =>
    frames
      .slice(0, -1)
      .map((f) => (f.keys ? f.keys[f.i - 1] : String(f.i - 1)))
      .join('.');
  let entries = 0;
  while (frames.length > 0) {
    const f = frames[frames.length - 1]!;
    const size = f.keys ? f.keys.length : (f.node as unknown[]).length;
    if (f.i >= size) {
      frames.pop();
      continue;
    }
    let key: string | number = f.keys ? f.keys[f.i]! : f.i;
    f.i++;
    if (++entries > limits.maxEntries) return { value: root, problem: { kind: 'entries' } };
    const child = (f.node as Record<string | number, unknown>)[key];
    if (typeof key === 'string' && !isWellFormed(key)) {
      if (!repair) return { value: root, problem: { kind: 'surrogate', field: parent(), inKey: true } };
      const node = f.node as Record<string, unknown>;
      delete node[key];
      key = toWellFormed(key);
      define(node, key, child);
      f.keys![f.i - 1] = key;
    }
    if (typeof child === 'string') {
      if (isWellFormed(child)) continue;
      if (!repair) return { value: root, problem: { kind: 'surrogate', field: field(), inKey: false } };
      define(f.node, key, toWellFormed(child));
    } else if (typeof child === 'number') {
      if (!repair && !Number.isFinite(child)) return { value: root, problem: { kind: 'number', field: field() } };
    } else if (isContainer(child)) {
      // Named by its top-level field: the full path of a too-deep value is as long as the limit.
      if (frames.length >= limits.maxDepth) return { value: root, problem: { kind: 'depth', field: topField(frames[0]!) } };
      frames.push({ node: child, keys: Array.isArray(child) ? null : Object.keys(child), i: 0 });
    }
  }
  return { value: root, problem: null };
}

const topField = (f: Frame): string => (f.keys ? f.keys[f.i - 1]! : '');

/** Sets an own property even when the key is `__proto__` (JSON.parse makes such keys own properties). */
function define(node: Container, key: string | number, value: unknown): void {
  if (Array.isArray(node)) node[key as number] = value;
  else Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The field a problem names (never its value) and what is wrong with it, as validation details put them. */
export function describeJsonProblem(problem: JsonProblem, limits: JsonLimits): { field: string; problem: string } {
  switch (problem.kind) {
    case 'depth':
      return { field: problem.field || 'body', problem: `nests objects and arrays more than ${limits.maxDepth} levels deep` };
    case 'entries':
      return { field: 'body', problem: `holds more than ${limits.maxEntries} keys and array elements` };
    case 'surrogate':
      return {
        field: problem.field || 'body',
        problem: problem.inKey
          ? 'has a key that is not well-formed Unicode (an unpaired UTF-16 surrogate)'
          : 'is not well-formed Unicode text (an unpaired UTF-16 surrogate)',
      };
    case 'number':
      return { field: problem.field || 'body', problem: 'is a number too large to represent' };
  }
}

/** The problem as a sentence: "<field> <problem>." */
export function jsonProblemMessage(problem: JsonProblem, limits: JsonLimits): string {
  const d = describeJsonProblem(problem, limits);
  return `${d.field} ${d.problem}.`;
}

/** The problem as the API's 400 VALIDATION_ERROR, naming the field in `details` as schema validation does. */
export function jsonProblemError(problem: JsonProblem, limits: JsonLimits): AppError {
  const d = describeJsonProblem(problem, limits);
  return new AppError('VALIDATION_ERROR', `${d.field} ${d.problem}.`, { details: [{ field: d.field, message: d.problem }] });
}

/**
 * Parses JSON text and checks it: the value, or a 400 VALIDATION_ERROR (`invalid` for text that is not JSON). For
 * parsers of their own (the MCP endpoint, OAuth registration, form fields holding JSON); the app's JSON parser
 * checks what Fastify's parser returns with `inspectJson`.
 */
export function parseLimitedJson(text: string, limits: JsonLimits): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The body is not valid JSON.');
  }
  const { problem } = inspectJson(value, limits);
  if (problem) throw jsonProblemError(problem, limits);
  return value;
}

/** For a parser's `done`: the 400 for a parsed body outside the limits, or null. */
export function jsonBodyProblem(value: unknown, limits: JsonLimits): AppError | null {
  const { problem } = inspectJson(value, limits);
  return problem ? jsonProblemError(problem, limits) : null;
}
