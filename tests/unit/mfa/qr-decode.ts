/**
 * A minimal QR reader for tests, written from ISO/IEC 18004 independently of
 * the encoder: it reads a clean module matrix (quiet zone removed) of a
 * version 1–9 symbol with one byte-mode segment, as the portal draws for an
 * otpauth:// URI. It checks the format information's BCH code, locates the
 * function patterns itself, unmasks, reads the codewords in the zigzag
 * order, de-interleaves the blocks and parses the segment. No error
 * correction: a drawing is either exactly right or the test fails.
 */

export interface DecodedQr {
  readonly version: number;
  readonly ecc: 'L' | 'M' | 'Q' | 'H';
  readonly mask: number;
  readonly text: string;
}

const ECC_BY_FORMAT_BITS = { 0: 'M', 1: 'L', 2: 'H', 3: 'Q' } as const;

/** Error-correction codewords per block and number of blocks, ECC level M, versions 1–9 (ISO/IEC 18004 Table 9). */
const ECC_M: readonly (readonly [eccPerBlock: number, blocks: number])[] = [
  [10, 1],
  [16, 1],
  [26, 1],
  [18, 2],
  [24, 2],
  [16, 4],
  [18, 4],
  [22, 4],
  [22, 5],
];

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function bit(modules: readonly (readonly boolean[])[], x: number, y: number): number {
  const row = modules[y];
  if (row === undefined || row[x] === undefined) throw new Error(`no module at ${String(x)},${String(y)}`);
  return row[x] ? 1 : 0;
}

/** The 15-bit BCH(15,5) format word for 5 data bits, masked with 0x5412. */
function formatWord(data: number): number {
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** Centres of the alignment patterns along one axis. */
function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let pos = size - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
  return centres;
}

function functionModules(version: number): boolean[][] {
  const size = version * 4 + 17;
  const map = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  const mark = (x: number, y: number, w: number, h: number) => {
    for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) (map[y + dy] as boolean[])[x + dx] = true;
  };
  // Finder patterns with separators and format information (and the dark module, bottom-left).
  mark(0, 0, 9, 9);
  mark(size - 8, 0, 8, 9);
  mark(0, size - 8, 9, 8);
  // Timing patterns.
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((cy, i) =>
    centres.forEach((cx, j) => {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
      if (!onFinder) mark(cx - 2, cy - 2, 5, 5);
    }),
  );
  if (version >= 7) {
    mark(size - 11, 0, 3, 6);
    mark(0, size - 11, 6, 3);
  }
  return map;
}

export function decodeQr(modules: readonly (readonly boolean[])[]): DecodedQr {
  const size = modules.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > ECC_M.length)
    throw new Error(`unsupported size ${String(size)}`);

  // Format information, first copy around the top-left finder (bit 14 first).
  const positions: [number, number][] = [];
  for (let i = 0; i <= 5; i++) positions.push([8, i]);
  positions.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) positions.push([14 - i, 8]);
  let format = 0;
  positions.forEach(([x, y], i) => (format |= bit(modules, x, y) << i));
  const data = Array.from({ length: 32 }, (_, d) => d).find((d) => formatWord(d) === format);
  if (data === undefined) throw new Error('format information is not a valid BCH code word');
  const ecc = ECC_BY_FORMAT_BITS[(data >>> 3) as 0 | 1 | 2 | 3];
  const mask = data & 7;
  if (ecc !== 'M') throw new Error(`reader supports ECC level M only, got ${ecc}`);
  const maskAt = MASKS[mask];
  if (maskAt === undefined) throw new Error('bad mask');

  // Data bits in the zigzag order, two columns at a time from the right, skipping the vertical timing column.
  const reserved = functionModules(version);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = upward ? size - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (reserved[y]?.[x] === true) continue;
        bits.push(bit(modules, x, y) ^ (maskAt(x, y) ? 1 : 0));
      }
    }
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((byte, b) => (byte << 1) | b, 0));

  // De-interleave: data codewords column by column across blocks (short blocks first), then ECC (ignored here).
  const [eccPerBlock, blockCount] = ECC_M[version - 1] as readonly [number, number];
  const total = codewords.length;
  const shortBlocks = blockCount - (total % blockCount);
  const shortData = Math.floor(total / blockCount) - eccPerBlock;
  const blocks: number[][] = Array.from({ length: blockCount }, () => []);
  let k = 0;
  for (let i = 0; i <= shortData; i++)
    for (let b = 0; b < blockCount; b++) {
      if (i === shortData && b < shortBlocks) continue;
      (blocks[b] as number[]).push(codewords[k++] as number);
    }
  const stream = blocks.flat();

  // One byte-mode segment: mode 0100, an 8-bit count (versions 1–9), the bytes.
  const readBits = (from: number, n: number) => {
    let value = 0;
    for (let i = 0; i < n; i++) {
      const byte = stream[(from + i) >>> 3] as number;
      value = (value << 1) | ((byte >>> (7 - ((from + i) & 7))) & 1);
    }
    return value;
  };
  const mode = readBits(0, 4);
  if (mode !== 0b0100) throw new Error(`reader supports byte mode only, got mode ${mode.toString(2)}`);
  const count = readBits(4, 8);
  const bytes = Uint8Array.from({ length: count }, (_, i) => readBits(12 + i * 8, 8));
  return { version, ecc, mask, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}
