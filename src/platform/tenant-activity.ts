/** How recently another organization must have been served for an organization to count as sharing the node. */
export const SHARING_WINDOW_MS = 1_000;

/**
 * Which organizations this process served lately, in O(1) per request (0174): whether any organization other than
 * a given one was seen within the last {@link SHARING_WINDOW_MS}. It keeps the organization seen last and when, and
 * when any other was seen last: an organization other than the last one seen can only be older than the last one.
 */
export class TenantActivity {
  private last: string | null = null;
  private lastAt = -Infinity;
  /** When an organization other than `last` was last seen. */
  private otherAt = -Infinity;

  constructor(
    private readonly windowMs = SHARING_WINDOW_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A request of `orgId` is being served. */
  seen(orgId: string): void {
    const at = this.now();
    if (orgId !== this.last) {
      this.otherAt = this.lastAt;
      this.last = orgId;
    }
    this.lastAt = at;
  }

  /** Whether an organization other than `orgId` was served within the window. */
  othersActive(orgId: string): boolean {
    const other = orgId === this.last ? this.otherAt : this.lastAt;
    return this.now() - other < this.windowMs;
  }
}
