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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
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
