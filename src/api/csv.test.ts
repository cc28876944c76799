// The one formula guard (decision 045), as a table of OWASP's payloads and of values that must
// stay as they are, through csvCell and back through a bulk file's reader.
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvDialectOf,
  csvRowOf,
  defuseFormula,
  PLAIN_CSV,
  startsLikeFormula,
  undefuseFormula,
} from './csv';

describe('the formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['=HYPERLINK("http://evil.example","Click")', '\'=HYPERLINK("http://evil.example","Click")'],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\n=1+1', "'\n=1+1"],
    ['＝1+1', "'＝1+1"],
    ['-', "'-"],
    ['+49 30 1234567', "'+49 30 1234567"],
  ])('defuses %j', (text, defused) => {
    expect(startsLikeFormula(text)).toBe(true);
    expect(defuseFormula(text)).toBe(defused);
    expect(undefuseFormula(defuseFormula(text))).toBe(text);
  });

  it.each(['-12.50', '1250.50', '0', '-7', 'Lumen Textiles GmbH', "O'Brien", 'DE89 3704', ''])(
    'leaves %j as it is',
    (text) => {
      expect(startsLikeFormula(text)).toBe(false);
      expect(defuseFormula(text)).toBe(text);
      expect(undefuseFormula(text)).toBe(text);
    },
  );

  it('quotes a CSV cell after defusing it', () => {
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell({ a: '=x' })).toBe('"{""a"":""=x""}"');
    expect(csvCell(null)).toBe('');
  });
});

describe('the dialect of the person’s spreadsheet', () => {
  const german = csvDialectOf('de-DE');

  it('is semicolons and decimal commas where decimals take a comma, plain CSV elsewhere', () => {
    expect(german).toEqual({ separator: ';', decimal: ',' });
    expect(csvDialectOf('en-GB')).toEqual(PLAIN_CSV);
    expect(csvDialectOf(undefined)).toEqual(PLAIN_CSV);
  });

  it('writes decimals with the comma and quotes what holds a semicolon', () => {
    expect(csvCell('1250.50', german)).toBe('1250,50');
    expect(csvCell('-12.5', german)).toBe('-12,5');
    expect(csvCell('Lumen, Textiles', german)).toBe('Lumen, Textiles');
    expect(csvCell('a;b', german)).toBe('"a;b"');
    // Only a whole decimal number: a reference or a version keeps its point.
    expect(csvCell('INV-1.50', german)).toBe('INV-1.50');
    expect(
      csvRowOf(
        { a: '1.5', b: 'x;y' },
        [
          ['a', (r) => r.a],
          ['b', (r) => r.b],
        ],
        german,
      ),
    ).toBe('1,5;"x;y"\r\n');
  });
});
