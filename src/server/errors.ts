/**
 * One error model (CONVENTIONS): services throw AppError; the Fastify error handler maps it, zod
 * validation errors and database errors to DESIGN §5's body `{ message, issues? }`.
 */
export type Issue = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const MESSAGES = {
  authRequired: 'Authentication required. Please sign in.',
  unexpected: 'An unexpected error occurred. Please try again.',
  duplicate: 'This record already exists. Please check for duplicates.',
  related: 'Cannot perform this operation due to related records.',
  invalidData: 'Invalid data provided. Please check your input.',
  datesTaken: 'The selected dates are no longer available for this cabin.',
  notFound: 'Not found',
} as const;

export const badRequest = (message: string, issues?: Issue[]) => new AppError(400, message, issues);

/**
 * A PATCH checked as a whole: the stored record with the patch's given fields over it, parsed by
 * the create schema (so a minimum above the stored maximum is refused as on create). A refusal is
 * the 400 with its first message and every issue at its path.
 */
export function parseMergedPatch<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
  },
  stored: object,
  patch: object,
): T {
  const given = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  );
  const merged = schema.safeParse({ ...stored, ...given });
  if (merged.success) return merged.data;
  const issues = merged.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw badRequest(issues[0]?.message ?? MESSAGES.invalidData, issues);
}
export const unauthorized = (message: string = MESSAGES.authRequired) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

type PgLikeError = {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
};

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgLikeError).code as string)
  );
}

/** The constraint a database error names, or undefined. */
export function constraintName(error: unknown): string | undefined {
  const constraint = pgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** The message a database error carries (a trigger's words for people), or undefined. */
export function databaseMessage(error: unknown): string | undefined {
  const message = pgError(error)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The HINT a database error carries (create_booking's `line:<index>`), or undefined. */
export function databaseHint(error: unknown): string | undefined {
  const hint = pgError(error)?.hint;
  return typeof hint === 'string' ? hint : undefined;
}

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  if (isPgError(error)) return error.code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return isPgError(cause) ? cause.code : undefined;
}

function pgError(error: unknown): PgLikeError | undefined {
  if (isPgError(error)) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return isPgError(cause) ? cause : undefined;
}

/**
 * SPEC §8's database error mapping, plus the exclusion constraint (23P01, a date conflict) and
 * bad values that reached the database (22xxx). Returns undefined for non-database errors.
 */
export function mapDatabaseError(error: unknown): AppError | undefined {
  const pgErr = pgError(error);
  if (!pgErr) return undefined;
  const code = pgErr.code as string;
  switch (code) {
    case '23505':
      return new AppError(409, MESSAGES.duplicate);
    case '23503': // foreign key violation
    case '23001': // ON DELETE RESTRICT
      return new AppError(409, MESSAGES.related);
    case '23514':
    case '23502':
      return new AppError(400, MESSAGES.invalidData);
    case '23P01': {
      const message = typeof pgErr.message === 'string' ? pgErr.message : '';
      // Raised by the blackout triggers with a message written for people.
      if (
        pgErr.constraint === 'availability_blackouts_bookings' ||
        pgErr.constraint === 'booking_units_blackout' ||
        // Issue 19: nights held by a channel, named with the channel and the dates.
        pgErr.constraint === 'booking_units_external_hold'
      ) {
        return new AppError(409, message);
      }
      return new AppError(409, MESSAGES.datesTaken);
    }
    case '40001':
    case '40P01':
      return new AppError(
        409,
        'The record was changed by someone else at the same time. Please try again.',
      );
    default:
      // Data exceptions (bad number, date, text representation, value too long…) are bad input.
      if (code.startsWith('22')) return new AppError(400, MESSAGES.invalidData);
      return undefined;
  }
}
