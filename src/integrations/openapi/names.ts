/** Names of actions and triggers from an OpenAPI document's operationIds, methods and paths (0151, 0152). */

/** `listPets` → `list_pets`; `GET /pets/{id}` → `get_pets_id`. */
export function actionName(source: string): string {
  const snake = source
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[a-z]/.test(snake) ? snake : `op_${snake}`;
  return name.slice(0, 64).replace(/_+$/, '') || 'operation';
}

/** `listSites` → `List sites`; `provisionSiteTLSCertificate` → `Provision site TLS certificate`. */
export function words(operationId: string): string {
  const parts = operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 1 && w === w.toUpperCase() && /[A-Z]/.test(w) ? w : w.toLowerCase()));
  const text = parts.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : operationId;
}

export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name.slice(0, 60)}_${i}`;
  taken.add(candidate);
  return candidate;
}
