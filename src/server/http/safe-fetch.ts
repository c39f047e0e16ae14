import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/**
 * DESIGN §8 "outbound fetches": the one way the server reaches another host. Only http and
 * https; every address a host name resolves to must be public (never loopback, private,
 * link-local, cloud metadata or other special ranges), checked before connecting and again on
 * every redirect, and the connection goes to the address that was checked (no second DNS answer
 * can slip in). At most `maxRedirects` redirects, gzip accepted, the body capped at `maxBytes`
 * (after decompression) and the whole exchange at `timeoutMs`.
 */

export type SafeFetchOptions = {
  /** Tests only (FETCH_ALLOW_PRIVATE=1, refused in production by config.ts). */
  allowPrivate: boolean;
  /** Non-public addresses let through one by one (a test's own loopback server). */
  allowAddress?: (address: string) => boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent?: string;
  /** Tests and callers may replace DNS; default: the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
};

export type SafeFetchResult = { status: number; body: Buffer; finalUrl: string };

export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address the open internet can route to; false for every special range. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::127.0.0.1) is judged as IPv4.
  const embedded = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return isPublicAddress(embedded);
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex) {
    const high = parseInt(mappedHex[1]!, 16);
    const low = parseInt(mappedHex[2]!, 16);
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  if (lower.startsWith('::ffff:')) return false;
  return !blocked.check(address, 'ipv6');
}

async function systemResolve(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** The checked address to connect to for this URL, or a refusal naming why. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('Only http and https addresses can be fetched.');
  }
  if (url.username || url.password) {
    throw new FetchRefused('Addresses with a user name or password are not fetched.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new FetchRefused(`The host ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`The host ${host} could not be found.`);
  const allowed = (address: string) =>
    options.allowPrivate || isPublicAddress(address) || options.allowAddress?.(address) === true;
  if (!addresses.every(allowed)) {
    throw new FetchRefused(
      `The address of ${host} is not a public internet address; it is not fetched.`,
    );
  }
  return addresses[0]!;
}

type Hop = { status: number; location: string | undefined; body: Buffer };

function request(
  url: URL,
  address: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const family = isIP(address);
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        headers: {
          'accept-encoding': 'gzip, deflate',
          accept: 'text/calendar, */*;q=0.5',
          'user-agent': options.userAgent ?? 'resort-channel-sync/1.0',
        },
        // Connect to the address that was checked, whatever DNS says now.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address, family },
            ]);
          } else {
            callback(null, address, family);
          }
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new FetchRefused(tooLarge(options.maxBytes)));
          return;
        }
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        let stream: Readable = res;
        if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
        else if (encoding === 'deflate') stream = res.pipe(createInflate());
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            stream.destroy();
            reject(new FetchRefused(tooLarge(options.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () =>
          resolve({ status, location: undefined, body: Buffer.concat(chunks) }),
        );
        stream.on('error', (error) => reject(error));
        res.on('error', (error) => reject(error));
        res.on('close', () => {
          if (!res.complete) reject(new Error('the connection closed early'));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function tooLarge(maxBytes: number): string {
  return `The feed is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; it was not read.`;
}

/** Fetches `target` under DESIGN §8's rules; throws FetchRefused with a message for people. */
export async function safeFetch(
  target: string,
  options: SafeFetchOptions,
): Promise<SafeFetchResult> {
  if (!URL.canParse(target)) throw new FetchRefused('The feed address is not a valid URL.');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop += 1) {
      const address = await checkedAddress(url, options);
      let answer: Hop;
      try {
        answer = await request(url, address, options, controller.signal);
      } catch (error) {
        if (error instanceof FetchRefused) throw error;
        if (controller.signal.aborted) {
          throw new FetchRefused(
            `The feed did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
          );
        }
        throw new FetchRefused(`The feed could not be reached (${(error as Error).message}).`);
      }
      if (answer.status >= 300 && answer.status < 400) {
        if (!answer.location) throw new FetchRefused(`The feed answered ${answer.status}.`);
        if (hop >= options.maxRedirects) {
          throw new FetchRefused(`The feed redirected more than ${options.maxRedirects} times.`);
        }
        if (!URL.canParse(answer.location, url.toString())) {
          throw new FetchRefused('The feed redirected to an invalid address.');
        }
        url = new URL(answer.location, url);
        continue;
      }
      return { status: answer.status, body: answer.body, finalUrl: url.toString() };
    }
  } finally {
    clearTimeout(timer);
  }
}
