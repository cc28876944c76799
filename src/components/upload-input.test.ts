import { describe, expect, it } from 'vitest';
import { fileProblem, fileSize } from './upload-input';

const file = (bytes: number, type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], 'invoice.pdf', { type });

describe('a picked file', () => {
  it('is sized as people read it', () => {
    expect(fileSize(11.2 * 1024 * 1024)).toBe('11.2 MB');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSize(640 * 1024)).toBe('640 KB');
    expect(fileSize(10)).toBe('1 KB');
  });

  it('is refused when too big, empty or of another type', () => {
    expect(fileProblem(file(11 * 1024 * 1024))).toBe('is 11 MB: at most 10 MB');
    expect(fileProblem(file(0))).toBe('is empty');
    expect(fileProblem(file(100, 'text/plain'))).toBe('must be a PDF, PNG or JPEG file');
    expect(fileProblem(file(10 * 1024 * 1024))).toBeUndefined();
    expect(fileProblem(file(100, 'image/png'))).toBeUndefined();
  });
});
