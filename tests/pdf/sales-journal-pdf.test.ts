import { describe, expect, it } from 'vitest';
import { renderSalesJournalPdf } from '../../src/server/documents/document-pdf';
import { SELLER, journal } from './fixtures';
import { amountAfter, pdfInfo, pdfText } from './pdf-text';

/** Issue 20: the sales journal as the bookkeeper files it, read back with pdftotext. */
describe('the sales journal PDF', () => {
  it('spans landscape pages with the header repeated, then the totals and the gap check', async () => {
    const pdf = await renderSalesJournalPdf(journal(60), SELLER);
    const info = pdfInfo(pdf);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([842, 595]);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    expect(info.author).toBe('Bahay Kubo Resort Corp.');

    const pages = Array.from({ length: info.pages }, (_, index) => pdfText(pdf, index + 1));
    expect(pages[0]).toMatch(/^\s*Sales journal\b/);
    expect(pages[0]).toContain('Bahay Kubo Resort Corp.');
    expect(pages[0]).toContain('TIN 123-456-789-000');
    expect(pages[0]).toContain('Documents issued from Mar 01, 2027 to Mar 31, 2027');
    pages.forEach((page, index) => {
      expect(page).toMatch(
        /Number\s+Date\s+Buyer\s+VATable\s+Exempt\s+Zero-rated\s+VAT\s+Local tax\s+Total\s+Status\s+Booklet serial/,
      );
      expect(page).toContain(`Sales journal · Page ${index + 1} of ${info.pages}`);
    });

    const text = pages.join('\n');
    for (let number = 1; number <= 60; number += 1) {
      const display = `AR ${String(number).padStart(6, '0')}`;
      const status = number % 7 === 0 ? 'VOID' : 'Issued';
      expect(text).toMatch(
        new RegExp(
          `${display}\\s+\\w{3} \\d{2}, 2027\\s+Guest Number ${number} .*₱1,120\\.00\\s+${status}\\s+B-${1000 + number}`,
        ),
      );
    }
    // 60 documents, 8 of them void: 52 counted.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Totals 52 issued, 8 void (not counted)');
    expect(flat).toMatch(
      /52 issued, 8 void \(not counted\) ₱52,000\.00 ₱0\.00 ₱0\.00 ₱6,240\.00 ₱0\.00 ₱58,240\.00/,
    );
    expect(amountAfter(flat, '(not counted)')).toBe(5_200_000n);
    expect(flat).toContain('Gap check: no missing numbers');
  });

  it('lists the missing numbers when the series has a gap', async () => {
    const text = pdfText(
      await renderSalesJournalPdf(journal(3, ['AR 000004', 'AR 000007']), SELLER),
    );
    expect(text).toContain('Gap check: missing numbers: AR 000004, AR 000007');
    expect(text).not.toContain('no missing numbers');
  });

  it('says when the range holds no documents', async () => {
    const text = pdfText(await renderSalesJournalPdf(journal(0), SELLER));
    expect(text).toContain('No documents in this range.');
    expect(text).toContain('Gap check: no missing numbers');
  });
});
