import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signIn, type SignedIn } from '../../support/auth';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { filesUnder, makePdf } from '../guest-booking/guest-helpers';

/**
 * Issue 15, point 20: cabin photos. Managers upload up to 8 per cabin; each is checked like a
 * payment proof, re-encoded as WebP without metadata, resized, and served publicly with long-lived
 * caching; the unit answers carry the description and the photos in order.
 */

let t: TestApp;
let manager: SignedIn;
let staff: SignedIn;

const MB = 1024 * 1024;

/** A camera photo: 3000 × 2000, EXIF with the maker, the model and a GPS position. */
async function cameraJpeg(width = 3000, height = 2000, orientation?: number): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 140, b: 170 } },
  })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker', Model: 'Model-X-Location' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '11/1 11/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '119/1 23/1 0/1',
      },
    });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

async function png(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 200, b: 90 } } })
    .png()
    .toBuffer();
}

function upload(session: SignedIn, unitId: string, bytes: Buffer, contentType = 'image/jpeg') {
  return session.inject({
    method: 'POST',
    url: `/api/units/${unitId}/photos`,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
}

function storedFile(key: string): Buffer {
  return readFileSync(path.join(t.dataDir, 'storage', 'unit-photos', key));
}

type Photo = {
  photo_id: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  alt_text: string | null;
  position: number;
};

const keyOf = (url: string) => url.replace('/api/public/photos/', '');

beforeAll(async () => {
  t = await createTestApp();
  manager = await signIn(t, ...credentials(await createUserWithRole(t, 'manager')));
  staff = await signIn(t, ...credentials(await createUserWithRole(t, 'staff')));
}, 60_000);
afterAll(() => t.close());

function credentials(user: { email: string; password: string }): [string, string] {
  return [user.email, user.password];
}

describe(`cabin photos (${process.env.TEST_DB})`, () => {
  it('re-encodes an upload as WebP without EXIF or GPS, resized, with a card variant', async () => {
    const unit = await createUnit(t.database);
    const original = await cameraJpeg();
    expect(original.toString('latin1')).toContain('SecretPhoneMaker');

    const response = await upload(manager, unit.unit_id, original);
    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().data as Photo[];
    expect(photo).toMatchObject({ width: 1600, height: 1067, position: 0, alt_text: null });
    expect(photo!.thumb_width).toBe(640);
    expect(photo!.thumb_height).toBe(427);

    for (const [url, width] of [
      [photo!.url, 1600],
      [photo!.thumb_url, 640],
    ] as const) {
      const stored = storedFile(keyOf(url));
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('SecretPhoneMaker');
      expect(stored.toString('latin1')).not.toContain('GPS');
    }
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const unit = await createUnit(t.database);
    const response = await upload(manager, unit.unit_id, await cameraJpeg(300, 100, 6));
    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().data as Photo[];
    expect([photo!.width, photo!.height]).toEqual([100, 300]);
    const metadata = await sharp(storedFile(keyOf(photo!.url))).metadata();
    expect([metadata.width, metadata.height]).toEqual([100, 300]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('serves the variants publicly as immutable WebP, and only live photos', async () => {
    const unit = await createUnit(t.database);
    const [photo] = (await upload(manager, unit.unit_id, await png(), 'image/png')).json()
      .data as Photo[];
    const served = await t.app.inject({ method: 'GET', url: photo!.thumb_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(storedFile(keyOf(photo!.thumb_url)))).toBe(true);

    for (const bad of [
      '..%2F..%2Fsession-secret',
      '..%2Fpayment-proofs%2Fx.png',
      'nothing-here.webp',
      'x.png',
      '%00.webp',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/photos/${bad}` });
      expect([400, 404], `${bad}: ${response.body}`).toContain(response.statusCode);
    }

    const removed = await manager.inject({
      method: 'DELETE',
      url: `/api/units/${unit.unit_id}/photos/${photo!.photo_id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: photo!.url })).statusCode).toBe(404);
    expect(filesUnder(t, 'storage/unit-photos')).not.toContain(keyOf(photo!.url));
    expect(filesUnder(t, 'storage/unit-photos')).not.toContain(keyOf(photo!.thumb_url));
  });

  it('refuses what is not a photo (415), too big (413), a ninth photo (409), and stores nothing', async () => {
    const unit = await createUnit(t.database);
    const before = filesUnder(t, 'storage');
    const refusals: [Buffer, string, number][] = [
      [Buffer.from('just some text, named receipt.png'), 'image/png', 415],
      [makePdf(), 'application/pdf', 415],
      [makePdf(), 'image/png', 415],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        'image/svg+xml',
        415,
      ],
      [await png(), 'text/plain', 415],
      [Buffer.concat([await png(), makePdf()]), 'image/png', 415],
      [Buffer.alloc(0), 'image/png', 400],
      [Buffer.concat([await png(), Buffer.alloc(5 * MB, 1)]), 'image/png', 413],
    ];
    for (const [bytes, type, status] of refusals) {
      const response = await upload(manager, unit.unit_id, bytes, type);
      expect(response.statusCode, `${type} ${bytes.length}: ${response.body}`).toBe(status);
      expect(typeof response.json().message).toBe('string');
    }
    expect(filesUnder(t, 'storage')).toEqual(before);

    for (let n = 0; n < 8; n += 1) {
      const response = await upload(manager, unit.unit_id, await png(64 + n, 48), 'image/png');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toHaveLength(n + 1);
    }
    const files = filesUnder(t, 'storage');
    const ninth = await upload(manager, unit.unit_id, await png(), 'image/png');
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().message).toBe(
      'A cabin can have at most 8 photos. Delete one before adding another.',
    );
    expect(filesUnder(t, 'storage')).toEqual(files);

    // The database refuses a ninth row too, whoever writes it.
    await expect(
      t.database.query(
        `INSERT INTO unit_photos (unit_id, position, storage_key, thumb_key, width, height,
                                  thumb_width, thumb_height)
         VALUES ($1, 7, 'abc.webp', 'abc-thumb.webp', 1, 1, 1, 1)`,
        [unit.unit_id],
      ),
    ).rejects.toThrow(/at most 8 photos/);
  });

  it('answers 404 for unknown cabins and photos, 403 below manager, 401 without a session', async () => {
    const unit = await createUnit(t.database);
    const some = '00000000-0000-4000-8000-000000000000';
    expect((await upload(manager, some, await png(), 'image/png')).statusCode).toBe(404);
    expect((await upload(manager, 'not-an-id', await png(), 'image/png')).statusCode).toBe(404);
    const missing = await manager.inject({
      method: 'DELETE',
      url: `/api/units/${unit.unit_id}/photos/${some}`,
    });
    expect(missing.statusCode).toBe(404);
    expect((await upload(staff, unit.unit_id, await png(), 'image/png')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/photos`,
      headers: { 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('orders, describes and deletes photos; the unit answers show them with the description', async () => {
    const unit = await createUnit(t.database, { unit_name: 'Photo Cabin' });
    const ids: string[] = [];
    for (const width of [200, 300, 400]) {
      const response = await upload(manager, unit.unit_id, await png(width, 100), 'image/png');
      ids.push((response.json().data as Photo[]).at(-1)!.photo_id);
    }
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const reordered = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}/photos/order`,
      payload: { photo_ids: order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json().data as Photo[]).map((p) => p.photo_id)).toEqual(order);

    const stale = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}/photos/order`,
      payload: { photo_ids: [ids[0]] },
    });
    expect(stale.statusCode).toBe(409);

    const described = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}/photos/${ids[2]}`,
      payload: { alt_text: 'The veranda <b>at sunset</b>' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((described.json().data as Photo[])[0]!.alt_text).toBe('The veranda at sunset');

    const edited = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { description: '  A bamboo cabin under the palms.\nSea view.  ' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.description).toBe('A bamboo cabin under the palms.\nSea view.');
    const tooLong = await manager.inject({
      method: 'PATCH',
      url: `/api/units/${unit.unit_id}`,
      payload: { description: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues[0].path).toBe('description');

    const deleted = await manager.inject({
      method: 'DELETE',
      url: `/api/units/${unit.unit_id}/photos/${ids[0]}`,
    });
    expect((deleted.json().data as Photo[]).map((p) => [p.photo_id, p.position])).toEqual([
      [ids[2], 0],
      [ids[1], 1],
    ]);

    const publicUnits = await t.app.inject({ method: 'GET', url: '/api/public/units' });
    const shown = (
      publicUnits.json().data as { unit_id: string; description: string; photos: Photo[] }[]
    ).find((u) => u.unit_id === unit.unit_id)!;
    expect(shown.description).toBe('A bamboo cabin under the palms.\nSea view.');
    expect(shown.photos.map((p) => p.photo_id)).toEqual([ids[2], ids[1]]);
    expect(shown.photos[0]!.alt_text).toBe('The veranda at sunset');

    const detail = await staff.inject({ method: 'GET', url: `/api/units/${unit.unit_id}` });
    expect((detail.json().data.photos as Photo[]).map((p) => p.photo_id)).toEqual([ids[2], ids[1]]);
    const list = await staff.inject({ method: 'GET', url: '/api/units?search=Photo%20Cabin' });
    expect(list.json().data[0].photos).toHaveLength(2);
  });

  it('writes every photo change to the audit trail with who made it', async () => {
    const unit = await createUnit(t.database);
    const [photo] = (await upload(manager, unit.unit_id, await png(), 'image/png')).json()
      .data as Photo[];
    await manager.inject({
      method: 'DELETE',
      url: `/api/units/${unit.unit_id}/photos/${photo!.photo_id}`,
    });
    const rows = await t.database.query<{ action: string; user_email: string }>(
      `SELECT action, user_email FROM audit_logs
        WHERE table_name = 'unit_photos' AND record_id = $1 ORDER BY seq`,
      [photo!.photo_id],
    );
    expect(rows).toEqual([
      { action: 'INSERT', user_email: manager.user.email },
      { action: 'DELETE', user_email: manager.user.email },
    ]);
  });

  it('deletes the stored files with the cabin an owner deletes', async () => {
    const owner = await signIn(t, ...credentials(await createUserWithRole(t, 'owner')));
    const unit = await createUnit(t.database);
    const [photo] = (await upload(manager, unit.unit_id, await png(), 'image/png')).json()
      .data as Photo[];
    const files = [keyOf(photo!.url), keyOf(photo!.thumb_url)].map((key) =>
      path.join(t.dataDir, 'storage', 'unit-photos', key),
    );
    expect(files.every((file) => existsSync(file))).toBe(true);
    const deleted = await owner.inject({ method: 'DELETE', url: `/api/units/${unit.unit_id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(files.filter((file) => existsSync(file))).toEqual([]);
  });

  it('removes the photo records with their cabin', async () => {
    const unit = await createUnit(t.database);
    await upload(manager, unit.unit_id, await png(), 'image/png');
    await t.database.query(`DELETE FROM units WHERE unit_id = $1`, [unit.unit_id]);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM unit_photos WHERE unit_id = $1`,
      [unit.unit_id],
    );
    expect(row!.n).toBe(0);
  });
});
