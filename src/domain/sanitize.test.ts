import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodeHtmlEntities,
  decodePercent,
  escapeCsvCell,
  sanitizeEmail,
  sanitizeName,
  sanitizePhone,
  sanitizeRecord,
  sanitizeRichText,
  sanitizeSearch,
  sanitizeText,
  sanitizeUrl,
  toCsv,
} from './sanitize';

describe('decoders', () => {
  it('decode named, decimal and hexadecimal entities', () => {
    expect(decodeHtmlEntities('&lt;b&gt; &amp; &#60; &#x3C; &#x3c &quot;&apos;')).toBe(
      '<b> & < < < "\'',
    );
    expect(decodeHtmlEntities('Pe&ntilde;aflor')).toBe('Peñaflor');
  });

  it('leave unknown or unterminated names alone', () => {
    expect(decodeHtmlEntities('AT&T &bogus; &copy=2')).toBe('AT&T &bogus; &copy=2');
  });

  it('turn impossible code points into U+FFFD instead of throwing', () => {
    expect(decodeHtmlEntities('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('percent-decode only valid UTF-8 runs', () => {
    expect(decodePercent('%3Cscript%3E')).toBe('<script>');
    expect(decodePercent('100% sure %E2%82%B1')).toBe('100% sure ₱');
    expect(decodePercent('bad %E2%82 run')).toBe('bad %E2%82 run');
  });
});

describe('sanitizeText', () => {
  it('keeps ordinary text, including a lone "<" and "&"', () => {
    expect(sanitizeText('Late arrival, around 9 PM. 2 < 3 & Co.')).toBe(
      'Late arrival, around 9 PM. 2 < 3 & Co.',
    );
    expect(sanitizeText('  Crib please\nand extra towels  ')).toBe('Crib please\nand extra towels');
  });

  it('strips scripts, styles and frames with their content', () => {
    expect(sanitizeText('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(sanitizeText('a<style>body{display:none}</style>b')).toBe('ab');
    expect(sanitizeText('a<iframe src="//evil">inner</iframe>b')).toBe('ab');
    expect(sanitizeText('a<frame src=x>b</frame>c')).toBe('ac');
    expect(sanitizeText('a<object data=x>fallback</object>b')).toBe('ab');
    expect(sanitizeText('a<SCRIPT type="text/javascript">x()</SCRIPT >b')).toBe('ab');
  });

  it('strips every other tag but keeps its text', () => {
    expect(sanitizeText('<b>bold</b> <a href="x" onclick="y()">link</a>')).toBe('bold link');
    expect(sanitizeText('<img src=x onerror=alert(1)>ok')).toBe('ok');
    expect(sanitizeText('a<!-- comment > with gt -->b')).toBe('ab');
  });

  it('defeats nesting that reassembles a tag', () => {
    expect(sanitizeText('<scr<script>ipt>alert(1)</script>')).toBe('');
    expect(sanitizeText('<<script>script>alert(1)<</script>/script>')).toBe('');
    expect(sanitizeText('<<b>script>alert(1)<</b>/script>')).toBe('');
    expect(sanitizeText('<scr<b></b>ipt>alert(1)</scr<b></b>ipt>x')).toBe('x');
  });

  it('removes unclosed tags and unclosed scripts to the end', () => {
    expect(sanitizeText('hello <img src=x onerror=alert(1)')).toBe('hello');
    expect(sanitizeText('hello <script>alert(1)')).toBe('hello');
    expect(sanitizeText('a <script<b')).toBe('a');
  });

  it('decodes entity- and percent-encoded markup before stripping it', () => {
    expect(sanitizeText('&lt;script&gt;alert(1)&lt;/script&gt;safe')).toBe('safe');
    expect(sanitizeText('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;safe')).toBe('safe');
    expect(sanitizeText('%3Cscript%3Ealert(1)%3C/script%3Esafe')).toBe('safe');
    expect(sanitizeText('%253Cb%253Ebold')).toBe('bold');
    expect(sanitizeText('Tom &amp; Jerry')).toBe('Tom & Jerry');
  });

  it('drops control characters and caps at 10,000 characters', () => {
    expect(sanitizeText('a\u0000b\u0007c')).toBe('abc');
    expect(sanitizeText('x'.repeat(20_000))).toHaveLength(10_000);
    expect(sanitizeText(42)).toBe('');
  });

  it('never leaves a tag behind (property)', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      'script',
      'b',
      'img src=x',
      '&lt;',
      '&gt;',
      '%3C',
      '%3E',
      'text',
      ' ',
      '"',
      '!--',
      '--',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const result = sanitizeText(parts.join(''));
        expect(result).not.toMatch(/<[a-zA-Z/!?][^<>]*>/);
        expect(result).not.toMatch(/<script/i);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sanitizeRichText', () => {
  it('keeps the allowed tags and drops their attributes', () => {
    expect(
      sanitizeRichText(
        '<p class="x" onclick="evil()">Hi <strong>there</strong><br/><em>!</em></p><ul><li>a</li></ul><blockquote>q</blockquote><ol><li>b</li></ol>',
      ),
    ).toBe(
      '<p>Hi <strong>there</strong><br><em>!</em></p><ul><li>a</li></ul><blockquote>q</blockquote><ol><li>b</li></ol>',
    );
  });

  it('strips other tags, keeps their text, escapes the rest', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">link</a> & <b>x</b> 2 < 3')).toBe(
      'link &amp; x 2 &lt; 3',
    );
    expect(sanitizeRichText('<P>upper</P>')).toBe('<p>upper</p>');
  });

  it('removes scripts with their content, however they are disguised', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<scr<p>ipt>alert(1)</script>')).toBe('<p>ipt&gt;alert(1)');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;<p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<p>x</p><img src=x onerror=alert(1)')).toBe('<p>x</p>');
  });

  it('output contains no tag outside the allowed set (property)', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      'p',
      'script',
      'img onerror=x',
      '&lt;',
      'em',
      '"',
      'text',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const result = sanitizeRichText(parts.join(''));
        const tags = result.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) {
          expect(tag).toMatch(/^<\/?(p|br|strong|em|ul|ol|li|blockquote)>$/);
        }
        expect(result.replace(/<\/?(p|br|strong|em|ul|ol|li|blockquote)>/g, '')).not.toMatch(
          /[<>"]/,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('caps at 50,000 characters without cutting a tag or an entity', () => {
    const result = sanitizeRichText('<p>&amp;</p>'.repeat(10_000));
    expect(result.length).toBeLessThanOrEqual(50_000);
    expect(result).toMatch(/(&amp;|<\/?p>)$/);
    expect(result.replace(/&amp;/g, '')).not.toContain('&');
  });
});

describe('sanitizeUrl', () => {
  it('keeps http, https and relative URLs', () => {
    expect(sanitizeUrl('https://example.com/a?b=1&copy=2')).toBe(
      'https://example.com/a?b=1&copy=2',
    );
    expect(sanitizeUrl(' http://example.com ')).toBe('http://example.com');
    expect(sanitizeUrl('/bookings/1')).toBe('/bookings/1');
    expect(sanitizeUrl('payment-proofs/abc/1-proof.jpg')).toBe('payment-proofs/abc/1-proof.jpg');
    expect(sanitizeUrl('#top')).toBe('#top');
  });

  it('refuses every other scheme, however it is spelled', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&colon;alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      'http://',
      'https://exa mple.com',
      '/\\evil.example',
      '"><script>',
    ]) {
      expect(sanitizeUrl(bad), bad).toBe('');
    }
    expect(sanitizeUrl(null)).toBe('');
  });
});

describe('sanitizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(sanitizeEmail('  Juan.Dela.Cruz@Example.PH ')).toBe('juan.dela.cruz@example.ph');
  });

  it('empties what does not look like an e-mail', () => {
    for (const bad of ['juan', 'juan@', '@example.com', 'a b@example.com', 'a@b', '<a@b.com>']) {
      expect(sanitizeEmail(bad), bad).toBe('');
    }
  });
});

describe('sanitizePhone', () => {
  it('keeps digits, spaces, dash, parentheses and plus', () => {
    expect(sanitizePhone('+63 (917) 555-0142')).toBe('+63 (917) 555-0142');
    expect(sanitizePhone('0917.555.0142 ext<script>')).toBe('09175550142');
  });

  it('caps at 30 characters', () => {
    expect(sanitizePhone('1'.repeat(40))).toHaveLength(30);
  });
});

describe('sanitizeName', () => {
  it('drops angle brackets and double quotes, keeps apostrophes and accents', () => {
    expect(sanitizeName(`  José "Pepe" O'Brien-Peñaflor `)).toBe("José Pepe O'Brien-Peñaflor");
    expect(sanitizeName('<b>Maria</b> <script>x</script>Clara')).toBe('Maria Clara');
    expect(sanitizeName('a < b > c')).toBe('a b c');
  });

  it('caps at 100 characters', () => {
    expect(sanitizeName('a'.repeat(150))).toHaveLength(100);
  });
});

describe('sanitizeSearch', () => {
  it('keeps letters of any script, digits, whitespace and @ . , -', () => {
    expect(sanitizeSearch('BK-2027-AB2C')).toBe('BK-2027-AB2C');
    expect(sanitizeSearch('juan@example.com')).toBe('juan@example.com');
    expect(sanitizeSearch('Peñaflor, 日本 Ελλάδα')).toBe('Peñaflor, 日本 Ελλάδα');
  });

  it('strips everything else', () => {
    expect(sanitizeSearch(`'; DROP TABLE bookings; --`)).toBe('DROP TABLE bookings --');
    expect(sanitizeSearch('<script>%_*')).toBe('script');
  });

  it('caps at 100 characters', () => {
    expect(sanitizeSearch('a'.repeat(150))).toHaveLength(100);
  });
});

describe('sanitizeRecord', () => {
  it('applies the rule each field name asks for', () => {
    const result = sanitizeRecord({
      guest_name: 'Ana "<b>" Cruz',
      email: ' ANA@EXAMPLE.COM ',
      contact_email: 'Not An Email',
      phone_number: '0917-555-0142 call me',
      contact_number: '(02) 8123 4567!',
      proof_url: 'javascript:alert(1)',
      website_url: 'https://example.com',
      special_requests: 'Crib <script>x</script>please',
      num_guests: 3,
      is_multi_unit: false,
      notes: null,
      password: '<my&amp;pass>',
      units: [{ unit_notes: '<i>sea view</i>', unit_name: 'Cabin <A>' }],
      tags: ['<b>x</b>'],
    });
    expect(result).toEqual({
      guest_name: 'Ana Cruz',
      email: 'ana@example.com',
      contact_email: '',
      phone_number: '0917-555-0142',
      contact_number: '(02) 8123 4567',
      proof_url: '',
      website_url: 'https://example.com',
      special_requests: 'Crib please',
      num_guests: 3,
      is_multi_unit: false,
      notes: null,
      password: '<my&amp;pass>',
      units: [{ unit_notes: 'sea view', unit_name: 'Cabin' }],
      tags: ['x'],
    });
  });
});

describe('CSV', () => {
  it('neutralises formulas with a leading apostrophe', () => {
    expect(escapeCsvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(escapeCsvCell('+1')).toBe("'+1");
    expect(escapeCsvCell('-1')).toBe("'-1");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\tx')).toBe("'\tx");
    expect(escapeCsvCell('\rx')).toBe(`"'\rx"`);
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(escapeCsvCell('plain')).toBe('plain');
  });

  it('writes other values plainly', () => {
    expect(escapeCsvCell(-1500.5)).toBe('-1500.5');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(true)).toBe('true');
    expect(escapeCsvCell(new Date('2027-06-10T01:02:03Z'))).toBe('2027-06-10T01:02:03.000Z');
    expect(escapeCsvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  it('toCsv writes a header and one CRLF line per row', () => {
    const rows = [
      { id: 1, name: 'Ana, Cruz', amount: 1500 },
      { id: 2, name: '=cmd', amount: -20 },
    ];
    const csv = toCsv(rows, [
      { header: 'ID', value: 'id' },
      { header: 'Guest name', value: 'name' },
      { header: 'Amount (PHP)', value: (row) => row.amount.toFixed(2) },
    ]);
    expect(csv).toBe('ID,Guest name,Amount (PHP)\r\n1,"Ana, Cruz",1500.00\r\n2,\'=cmd,\'-20.00');
  });

  it('toCsv of no rows is the header alone', () => {
    expect(toCsv([] as { a: number }[], [{ header: 'A', value: 'a' }])).toBe('A');
  });
});
