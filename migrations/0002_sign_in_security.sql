-- Sign-in security (issue 3): what happened on each sign-in attempt, so the lockout of SPEC §9
-- counts only wrong passwords (not attempts refused while locked, which would extend the lock for
-- ever) and the audit trail can tell a locked account from a wrong password.
ALTER TABLE login_attempts
  ADD COLUMN outcome text NOT NULL DEFAULT 'bad_credentials'
    CHECK (outcome IN ('success', 'bad_credentials', 'locked', 'rate_limited', 'inactive',
      'two_factor_required', 'two_factor_failed')),
  ADD COLUMN user_agent text CHECK (char_length(user_agent) <= 512);

-- Successes answer "last sign-in" on the Users screen and end a run of failures.
CREATE INDEX login_attempts_success_idx ON login_attempts (lower(email), created_at DESC)
  WHERE outcome = 'success';
