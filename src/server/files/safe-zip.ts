// A ZIP from outside (an XLSX is one) looked at before any library unpacks it: how many entries,
// what they say they unpack to, what they really unpack to, and whether an XML part declares a
// document type (the door to external entities and entity expansion). Each entry is inflated
// here with a ceiling on its output, so a small file that unpacks to gigabytes costs at most the
// ceiling. Decision 045.
import { inflateRawSync } from 'node:zlib';
import { bytesInWords } from '#/http/server';
import { codedWords, wordsCode } from '#/i18n/words';

export interface ZipLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Bytes all entries unpack to, together. */
  maxUnpackedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Why a spreadsheet's archive is refused, as codes of words (decision 092). */
export const ZIP_REFUSED = codedWords({
  cut: /*i18n*/ {
    id: 'zip.cut',
    message: 'The file is not a complete ZIP archive (an XLSX is one): save it again.',
  },
  zip64: /*i18n*/ {
    id: 'zip.zip64',
    message:
      'The file is a ZIP64 archive, which a spreadsheet of this size never is: save it again.',
  },
  parts: /*i18n*/ {
    id: 'zip.parts',
    message: 'The file holds {count, number} parts; a spreadsheet takes at most {max, number}.',
  },
  damaged: /*i18n*/ {
    id: 'zip.damaged',
    message: 'The part {name} of the file is damaged: save it again.',
  },
  method: /*i18n*/ {
    id: 'zip.method',
    message: 'The part {name} is packed in a way a spreadsheet does not use (method {method}).',
  },
  doctype: /*i18n*/ {
    id: 'zip.doctype',
    message:
      'The part {name} declares a document type (DTD), which a spreadsheet never needs and which can make the server fetch or expand entities: save the file again from your spreadsheet program.',
  },
  tooLarge: /*i18n*/ {
    id: 'zip.tooLarge',
    message: 'The file unpacks to more than {size}, far more than a spreadsheet of its rows needs.',
  },
});

const CUT = wordsCode(ZIP_REFUSED.cut);

/** One part of an archive as its central directory describes it, and its packed bytes. */
export interface ZipEntry {
  name: string;
  /** 0: stored; 8: deflated. */
  method: number;
  /** The unpacked size it declares. */
  size: number;
  data: Buffer;
}

/**
 * The parts of an archive, walking its central directory as spreadsheet readers do (each part's
 * data found through its local header); a string where the archive is cut or odd, and stops.
 */
export function* zipEntries(bytes: Buffer): Generator<ZipEntry | string> {
  const end = endOfCentralDirectory(bytes);
  if (!end) return yield CUT;
  if (end.entries === 0xffff || end.offset === 0xffffffff)
    return yield wordsCode(ZIP_REFUSED.zip64);
  let at = end.offset;
  for (let i = 0; i < end.entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return yield CUT;
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL)
      return yield CUT;
    const dataStart =
      localOffset +
      30 +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.length < compressedSize) return yield CUT;
    yield { name, method, size, data };
  }
}

/** How many parts the archive says it holds (0 when it is not an archive). */
const entryCount = (bytes: Buffer) => endOfCentralDirectory(bytes)?.entries ?? 0;

/** Why the archive is refused, in words for the person who sent it; null when it may be read. */
export function zipRefusal(bytes: Buffer, limits: ZipLimits): string | null {
  const count = entryCount(bytes);
  if (count > limits.maxEntries && count !== 0xffff)
    return wordsCode(ZIP_REFUSED.parts, { count, max: limits.maxEntries });
  let declared = 0;
  let unpacked = 0;
  for (const entry of zipEntries(bytes)) {
    if (typeof entry === 'string') return entry;
    const { name, method, size, data } = entry;
    declared += size;
    if (declared > limits.maxUnpackedBytes) return tooLarge(limits);
    let content: Buffer;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        // One byte more than is left of the budget: an entry that lies about its size, or a
        // bomb, stops here.
        content = inflateRawSync(data, {
          maxOutputLength: Math.max(1, limits.maxUnpackedBytes - unpacked + 1),
        });
      } catch (error) {
        if (error instanceof RangeError) return tooLarge(limits);
        return wordsCode(ZIP_REFUSED.damaged, { name });
      }
    } else return wordsCode(ZIP_REFUSED.method, { name, method });
    unpacked += content.length;
    if (unpacked > limits.maxUnpackedBytes) return tooLarge(limits);
    if (/\.(xml|rels|vml)$/i.test(name) && declaresDocumentType(content))
      return wordsCode(ZIP_REFUSED.doctype, { name });
  }
  if (count === 0) return CUT;
  return null;
}

function tooLarge(limits: ZipLimits) {
  return wordsCode(ZIP_REFUSED.tooLarge, { size: bytesInWords(limits.maxUnpackedBytes) });
}

/** Whether XML text (UTF-8, or UTF-16 with its byte-order mark) has a DOCTYPE or an ENTITY. */
function declaresDocumentType(content: Buffer): boolean {
  const text =
    content[0] === 0xff && content[1] === 0xfe
      ? content.toString('utf16le')
      : content[0] === 0xfe && content[1] === 0xff
        ? Buffer.from(content).swap16().toString('utf16le')
        : content.toString('utf8');
  return /<!\s*(doctype|entity)/i.test(text);
}

/** The end-of-central-directory record: entry count and where the directory starts. */
function endOfCentralDirectory(bytes: Buffer): { entries: number; offset: number } | null {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) === EOCD)
      return { entries: bytes.readUInt16LE(at + 10), offset: bytes.readUInt32LE(at + 16) };
  }
  return null;
}
