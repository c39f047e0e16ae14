import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (the alphabet of otpauth:// secrets) to bytes; padding and case ignored. */
export function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits (what authenticator apps compute). */
export function totp(
  secret: string,
  at: number = Date.now(),
  stepSeconds = 30,
  digits = 6,
): string {
  const counter = Math.floor(at / 1000 / stepSeconds);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  // RFC 4226 dynamic truncation.
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary =
    ((hmac[offset]! & 0x7f) << 24) |
    (hmac[offset + 1]! << 16) |
    (hmac[offset + 2]! << 8) |
    hmac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The secret of an otpauth://totp/...?secret=... URI. */
export function secretFromOtpauthUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

/**
 * A code that stays valid for at least `marginMs`: near the end of a 30-second step, wait for the
 * next one so the server does not see a code that just expired.
 */
export async function freshTotp(secret: string, marginMs = 5000): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (30_000 - intoStep < marginMs) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 250));
  }
  return totp(secret);
}
