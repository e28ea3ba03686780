import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The package root (where package.json, migrations/ and catalog/ live), from src/ under tsx or dist/ once built. */
export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'migrations'))) return (root = dir);
    dir = path.dirname(dir);
  }
  throw new Error('package root not found');
}
