// ALTCHA's own browser worker for PBKDF2 challenges (Web Crypto; no eval, no WebAssembly).
import 'altcha/workers/pbkdf2';
