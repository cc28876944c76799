import { describe, expect, it } from 'vitest';
import { fileHref } from './file-href';

describe('fileHref', () => {
  it("opens the API's files through the dashboard, built from the contract's getFile", () => {
    expect(fileHref('https://api.example.com/v1/file/abc_123-X')).toBe('/api/v1/file/abc_123-X');
    expect(fileHref('http://localhost:5173/sandbox/v1/file/f1?download=1')).toBe('/api/v1/file/f1');
  });

  it('leaves any other address as it is', () => {
    for (const url of [
      'https://example.com/invoice.pdf',
      'https://api.example.com/v1/file/',
      'https://api.example.com/v1/file/a/b',
      'https://api.example.com/v1/file/a%2Fb',
      'not a url',
    ])
      expect(fileHref(url)).toBe(url);
  });
});
