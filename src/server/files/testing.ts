// Builds ZIP archives for the tests of hostile files, sizes and all as the test says, true or not.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { zipEntries } from './safe-zip';

export interface ZipPart {
  name: string;
  content: Buffer | string;
  /** The unpacked size the archive claims (the true one unless a test lies). */
  declaredSize?: number;
  /** Stored as is instead of deflated. */
  stored?: boolean;
}

/** A ZIP archive of `parts`, each deflated unless stored. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content);
    const data = part.stored ? content : deflateRawSync(content);
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? content.length;
    const method = part.stored ? 0 : 8;
    // The fields both headers share, in the same order from the flags on: at 6 in a local header,
    // at 8 in the directory's (which has its own "made by" version first).
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at - 2);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt32LE(crc32(content), at + 8);
      header.writeUInt32LE(data.length, at + 12);
      header.writeUInt32LE(size, at + 16);
      header.writeUInt16LE(name.length, at + 20);
      return header;
    };
    const local = shared(Buffer.alloc(30), 6);
    local.writeUInt32LE(0x04034b50, 0);
    const central = shared(Buffer.alloc(46), 8);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of an archive `zipOf` (or a spreadsheet program) wrote, unpacked. */
export function partsOf(bytes: Buffer): ZipPart[] {
  return [...zipEntries(bytes)].map((entry) => {
    if (typeof entry === 'string') throw new Error(entry);
    return {
      name: entry.name,
      content: entry.method === 8 ? inflateRawSync(entry.data) : Buffer.from(entry.data),
    };
  });
}
