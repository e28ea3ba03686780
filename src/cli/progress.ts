import type { AddedIntegration, PieceInstaller } from '../integrations/pieces/installer.js';

const STILL_EVERY_MS = 10_000;

/**
 * `integrations add` with progress on standard error (standard output keeps only the JSON result): each step as it
 * starts, a line every 10 s while npm works, and how long it took.
 */
export async function addWithProgress(
  installer: PieceInstaller,
  spec: string,
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<AddedIntegration> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  let step = '';
  const ticker = setInterval(() => write(`  … still ${step} (${seconds()} s)`), STILL_EVERY_MS);
  ticker.unref();
  try {
    const added = await installer.add(spec, (line) => {
      step = line.startsWith('installing') ? 'installing' : 'loading';
      write(line);
    });
    write(
      `done in ${seconds()} s: ${added.name} (${added.package}@${added.version}), ${added.actions} actions, ${added.triggers} triggers`,
    );
    return added;
  } catch (err) {
    write(`failed after ${seconds()} s`);
    throw err;
  } finally {
    clearInterval(ticker);
  }
}
