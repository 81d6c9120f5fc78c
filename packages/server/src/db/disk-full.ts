import fs from 'node:fs/promises';

/**
 * Free space the database's filesystem must have again before `/ready` tries a write: a write of
 * one page may fit in WAL space already allocated while an order's batch, which must grow the
 * WAL, still fails; without a margin the probe would pass, traffic would come back and fail
 * again (docs/operations.md, "A full disk under the database").
 */
export const DISK_FULL_MIN_FREE_BYTES = 8 * 1024 * 1024;

/**
 * Whether the SQLite file's disk refused a write (SQLITE_FULL or its I/O errors, lib/db-errors.ts)
 * and no check since found writes working again. Set on the error path only (a failed request,
 * a failed group commit), so it costs nothing while writes work; `/ready` answers 503
 * `sin-espacio` while it is set, and clears it once the filesystem has room again and a real
 * write commits (http/probes.ts).
 */
export interface DiskFullWatch {
  readonly isFull: boolean;
  markFull(): void;
  /** Room and a committed write: clears the mark and answers true; otherwise false. */
  recheck(): Promise<boolean>;
}

export function createDiskFullWatch(options: {
  /** The folder of the database file (its filesystem is the one measured). */
  dir: string;
  /** A real write, committed the way requests commit theirs; throws when it fails. */
  probe: () => Promise<void>;
  minFreeBytes?: number;
}): DiskFullWatch {
  const minFree = options.minFreeBytes ?? DISK_FULL_MIN_FREE_BYTES;
  let full = false;
  // A write failing while a check runs keeps the mark, whatever the check finds.
  let marks = 0;
  let checking: Promise<boolean> | undefined;

  async function check(): Promise<boolean> {
    const marksBefore = marks;
    try {
      const { bavail, bsize } = await fs.statfs(options.dir);
      if (bavail * bsize < minFree) return false;
      await options.probe();
    } catch {
      return false;
    }
    if (marks !== marksBefore) return false;
    full = false;
    return true;
  }

  return {
    get isFull() {
      return full;
    },
    markFull() {
      full = true;
      marks++;
    },
    recheck() {
      // Probes arriving together share one check (and one write).
      checking ??= check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
  };
}
