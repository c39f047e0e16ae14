// ALTCHA's own browser worker for SHA challenges.
import 'altcha/workers/sha';
