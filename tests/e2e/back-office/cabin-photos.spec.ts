import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { signInPage } from '../support/auth';
import { createUnitByApi, toastText, uniqueCode } from './support';

/** A landscape photo with a pattern, as a PNG a phone might send. */
async function photo(red: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="rgb(${red},150,190)"/>
    <circle cx="900" cy="220" r="120" fill="#f7d58b"/>
    <rect y="520" width="1200" height="280" fill="#e9dcc0"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The image has arrived and been decoded (not a broken image). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('cabin photos and descriptions (issue 15)', () => {
  test('a manager adds a description and photos; guests see them on the home page, the booking form and the calendar', async ({
    page,
    browser,
  }) => {
    // Two browsers, four pages and several uploads on a shared two-core machine.
    test.setTimeout(120_000);
    await signInPage(page, 'manager');
    const code = uniqueCode('PH');
    const unit = await createUnitByApi(page.request, { unit_name: `Photo Hut ${code}` });
    const description = `Bamboo cabin ${code} under the palms, with a veranda facing the sea.`;

    await atPhoneWidth(page);
    await page.goto(`/units/${unit.unit_id}/edit`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Edit ${unit.unit_name}` }),
    ).toBeVisible();
    const photos = page.getByRole('list', { name: 'Photos, in order' });
    await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();

    // Two photos at once; each is shown as a thumbnail once stored.
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'veranda.png', mimeType: 'image/png', buffer: await photo(20) },
      { name: 'beach.png', mimeType: 'image/png', buffer: await photo(200) },
    ]);
    await expect(toastText(page, '2 photos added')).toBeVisible();
    await expect(photos.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('2 of 8 used.')).toBeVisible();
    await expectLoaded(photos.getByRole('img', { name: `${unit.unit_name}, photo 1` }));
    await expectNoHorizontalOverflow(page);

    // A file that is not a photo is refused at the field.
    await page.getByLabel('Add photos').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just text, not a picture'),
    });
    await expect(
      page.getByText('Invalid file type. Please upload a JPG, PNG or WebP photo.'),
    ).toBeVisible();

    // Alt text for the second photo, then it moves first with the keyboard.
    const second = photos.getByRole('listitem').nth(1);
    await second.getByLabel('Alt text of photo 2 (optional)').fill('The beach at noon');
    await second.getByRole('button', { name: 'Save alt text of photo 2' }).click();
    await expect(toastText(page, 'Alt text saved')).toBeVisible();
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(photos.getByRole('listitem').first().getByRole('img')).toHaveAttribute(
      'alt',
      'The beach at noon',
    );
    // The keyboard stays on the photo that moved (now first, so on its "later" button).
    await expect(page.getByRole('button', { name: 'Move photo 1 later' })).toBeFocused();

    // Delete the other one, after confirming.
    await page.getByRole('button', { name: 'Delete photo 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete photo 2?' });
    await confirm.getByRole('button', { name: 'Delete Photo' }).click();
    await expect(toastText(page, 'Photo deleted')).toBeVisible();
    await expect(photos.getByRole('listitem')).toHaveCount(1);

    // The description, saved with the cabin's form.
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastText(page, `${unit.unit_name} updated`)).toBeVisible();

    // Guests (not signed in) see the photo and the description.
    const guest = await browser.newPage();
    await atPhoneWidth(guest);
    await guest.goto('/');
    const card = guest.getByRole('article', { name: unit.unit_name });
    const cardImage = card.getByRole('img', { name: 'The beach at noon' });
    await expect(cardImage).toHaveAttribute(
      'src',
      /^\/api\/public\/photos\/[a-z0-9-]+-thumb\.webp$/,
    );
    await expect(cardImage).toHaveAttribute('loading', 'lazy');
    await expect(cardImage).toHaveAttribute('width', '640');
    await expectLoaded(cardImage);
    await expect(card.getByText(description)).toBeVisible();
    await expectNoHorizontalOverflow(guest);

    // The image is cached for good: its name changes whenever its content would.
    const src = (await cardImage.getAttribute('src'))!;
    const served = await guest.request.get(src);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    await card.getByRole('link', { name: /^Book this cabin/ }).click();
    const chosen = guest.getByTestId('selected-cabin');
    await expect(chosen).toContainText(description);
    await expectLoaded(chosen.getByRole('img', { name: 'The beach at noon' }));
    await expectNoHorizontalOverflow(guest);

    await guest.goto('/calendar');
    const region = guest.getByRole('region', { name: unit.unit_name });
    await expect(region.getByText(description)).toBeVisible();
    await expectLoaded(region.getByRole('img', { name: 'The beach at noon' }));
    await expectNoHorizontalOverflow(guest);

    // A cabin without photos keeps the drawing.
    await guest.goto('/');
    await expect(
      guest
        .getByRole('article', { name: 'Sunset Beachfront Cabin' })
        .locator('svg[viewBox="0 0 320 180"]'),
    ).toBeVisible();
    await guest.close();
  });
});
