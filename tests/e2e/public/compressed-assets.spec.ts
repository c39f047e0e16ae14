import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET that leaves the body as it came over the wire (fetch would decode it). */
function getRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

test.describe('compressed static files', () => {
  test('the entry script is sent brotli- or gzip-compressed, decoding to the built file', async ({
    baseURL,
  }) => {
    const page = await getRaw(`${baseURL}/`, { 'accept-encoding': 'identity' });
    const src = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(
      page.body.toString('utf8'),
    )?.[1];
    expect(src, 'entry script in index.html').toBeTruthy();
    const built = readFileSync(path.join('dist/web', src!));

    for (const encoding of ['br', 'gzip'] as const) {
      const response = await getRaw(`${baseURL}${src}`, { 'accept-encoding': encoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body.length).toBeLessThan(built.length);
      expect(decoders[encoding](response.body).equals(built)).toBe(true);
    }

    const plain = await getRaw(`${baseURL}${src}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(built)).toBe(true);
  });

  // A page the build prerenders (scripts/prerender.mjs) gets its own file; another public page
  // gets public.html, and the back office's pages index.html.
  for (const { route, file } of [
    { route: '/login', file: 'dist/web/index.html' },
    { route: '/unsubscribe', file: 'dist/web/public.html' },
    { route: '/guest-booking', file: 'dist/pages/guest-booking.html' },
  ]) {
    test(`${route} gets ${file}, compressed and not cached`, async ({ baseURL }) => {
      const built = readFileSync(file);
      const response = await getRaw(`${baseURL}${route}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.body).equals(built)).toBe(true);
    });
  }
});
