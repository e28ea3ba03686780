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
 * the stack itself; an object reached twice (shared or cyclic) is walked once, as the serialiser writes it once.
 */
export function nestsDeeperThan(value: unknown, max = IPC_MAX_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const seen = new Set<object>();
  const stack: Array<[object, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    if (isLeafObject(node)) continue;
    const children: Iterable<unknown> =
      node instanceof Map ? [...node.keys(), ...node.values()] : node instanceof Set ? node.values() : Object.values(node);
    for (const child of children) {
      if (typeof child !== 'object' || child === null || seen.has(child)) continue;
      seen.add(child);
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Why a call failed when its data could not cross the channel. */
export const tooDeep = (what: string) =>
  `${what} nests more than ${IPC_MAX_DEPTH} levels of objects and arrays; it cannot be passed between the API process and the integration worker.`;
