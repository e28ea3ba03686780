import { lstatSync, readlinkSync } from 'node:fs';

/** Parts of the bubblewrap sandbox that do not change per run (os-sandbox.ts). */

/** Read-only pieces of /etc that interpreters, TLS and name resolution need; the rest of /etc stays hidden. */
const ETC_FILES = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/localtime',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
];

/** Keeps the first `max` bytes of a stream and notes whether more came. */
export class Capped {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  push(b: Buffer): void {
    const room = this.max - this.size;
    if (b.length > room) this.truncated = true;
    if (room <= 0) return;
    const part = b.length > room ? b.subarray(0, room) : b;
    this.chunks.push(part);
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * Namespaces, capabilities, environment and the read-only system view. /bin, /lib, /lib64 and /sbin are symlinks
 * into /usr on merged-/usr systems and are recreated as such; otherwise they are bound read-only.
 */
export function systemBinds(nodePath: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/lib', '/lib64', '/sbin']) {
    let st;
    try {
      st = lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  for (const p of ETC_FILES) args.push('--ro-bind-try', p, p);
  // A node outside /usr (nvm, /opt) is bound by itself.
  if (!nodePath.startsWith('/usr/')) args.push('--ro-bind', nodePath, nodePath);
  // prettier-ignore
  args.push(
    '--proc', '/proc',
    '--dev', '/dev',
    '--hostname', 'sandbox',
    '--clearenv',
    '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin',
    '--setenv', 'HOME', '/workspace', // SANDBOX_WORKSPACE
    '--setenv', 'TMPDIR', '/tmp',
    '--setenv', 'LANG', 'C.UTF-8',
  );
  return args;
}
