/** A unique constraint refused the write (PostgreSQL 23505; SQLite's UNIQUE or PRIMARY KEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * The database's disk refused a write: SQLite's SQLITE_FULL (its VFS reports ENOSPC so), the
 * I/O errors its VFS gives when growing or syncing a file fails (a full filesystem shows as
 * these too: the WAL index growing, a truncate), and PostgreSQL's disk_full (53100). Nothing of
 * the failed statement's transaction was written; what was committed before stays.
 */
const DISK_FULL_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_DIR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'SQLITE_IOERR_SHMSIZE',
  '53100',
]);

/** A write failed because the database's disk is full (or refuses writes): see DISK_FULL_CODES. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_FULL_CODES.has(code);
}

/** The socket to the database could not be opened or was cut (Node's codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong": the server is shutting down,
 * crashed or starting up (57P01, 57P02, 57P03), refused more connections (53300), cancelled a
 * statement that ran past DB_STATEMENT_TIMEOUT_MS (57014, query_canceled: a lock held
 * elsewhere, an overloaded server; docs/operations.md), or any connection exception (class 08).
 */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What pg and pg-pool throw, without a code, when a connection dies or can't be had in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * The database is unreachable, went away, or is too busy right now: a retry in a few seconds
 * may well succeed, so the client gets 503 SERVICIO_NO_DISPONIBLE instead of a 500. SQLite's
 * SQLITE_BUSY (the write lock still taken when busy_timeout ran out) counts too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.has(code)) return true;
    // Class 08 but 08P01, a protocol violation: a bug of ours (say, too many parameters),
    // which a retry would only repeat.
    if (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01') return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) {
    return true;
  }
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  // An error's `cause` is not followed: a failed fetch to another service (an SMS gateway)
  // carries ECONNREFUSED there, and that is not the database.
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
