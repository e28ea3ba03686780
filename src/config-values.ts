import { isPlanName, PLAN_NAMES, type PlanName } from './platform/plans.js';

// Reading one environment variable as a value of a type; a bad value names the variable (src/config.ts uses these).

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function str(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

export function planName(env: Env, name: string, fallback: PlanName): PlanName {
  const v = str(env, name);
  if (v === null) return fallback;
  if (!isPlanName(v)) throw new ConfigError(name, `must be one of ${PLAN_NAMES.join(', ')}`);
  return v;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name);
  if (raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

export function url(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  return raw;
}
