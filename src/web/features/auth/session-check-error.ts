/** The session could not be checked at all (network or server failure, not a 401). */
export class SessionCheckError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error && cause.message ? cause.message : 'Session check failed', {
      cause,
    });
    this.name = 'SessionCheckError';
  }
}
