/**
 * How deep a value crossing the piece workers' IPC channel may nest. V8's serialiser overflows its stack near 4,000
 * levels (a throw in the sender) and its deserialiser near 1,900 (an uncaught exception in the receiving process,
 * which ends it), so each side checks what it sends against this much lower bound and fails only that call (0106).
 * JSON bodies are limited to at most 256 levels at the edge (SWITCHBOARD_JSON_MAX_DEPTH), so only a value built in
 * a piece, the engine or Code Mode can reach it.
 */
export const IPC_MAX_DEPTH = 512;

const isLeafObject = (v: object) => ArrayBuffer.isView(v) || v instanceof ArrayBuffer || v instanceof Date || v instanceof RegExp;

/**
 * Whether a value nests objects, arrays, Maps or Sets more than `max` levels deep. Iterative, so it cannot overflow
 * the stack itself. Plain trees (everything from JSON) take one quick walk; a value that looks too deep or too large
 * for that walk (shared or cyclic objects) is walked again visiting each object once, as the serialiser writes it.
 */
export function nestsDeeperThan(value: unknown, max = IPC_MAX_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return walk(value, max, null) && walk(value, max, new Set());
}

const children = (node: object): Iterable<unknown> =>
  node instanceof Map ? [...node.keys(), ...node.values()] : node instanceof Set ? node.values() : Object.values(node);

/** Depth-first with explicit stacks; without `seen`, gives up (true) after a million objects. */
function walk(root: object, max: number, seen: Set<object> | null): boolean {
  const nodes: object[] = [root];
  const depths: number[] = [1];
  let budget = 1_000_000;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > max || (!seen && --budget < 0)) return true;
    if (isLeafObject(node)) continue;
    for (const child of children(node)) {
      if (typeof child !== 'object' || child === null) continue;
      if (seen) {
        if (seen.has(child)) continue;
        seen.add(child);
      }
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** Why a call failed when its data could not cross the channel. */
export const tooDeep = (what: string) =>
  `${what} nests more than ${IPC_MAX_DEPTH} levels of objects and arrays; it cannot be passed between the API process and the integration worker.`;
