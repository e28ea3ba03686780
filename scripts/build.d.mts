/** Types of scripts/build.mjs (for its test). */
export interface BuildTarget {
  name: string;
  inputs: string[];
  output: string;
  command: [string, string[]];
}
export declare function fingerprint(root: string, paths: string[]): string;
export declare function build(
  root: string,
  targets: BuildTarget[],
  opts?: { ifChanged?: boolean; log?: (line: string) => void },
): Record<string, 'built' | 'up to date'>;
export declare const TARGETS: BuildTarget[];
