// Decompression bombs the tests make in milliseconds: a deflate stream of zeros written by hand (one
// fixed-Huffman block: a literal 0, then <length 258, distance 1> again and again, 13 bits per 258
// bytes), wrapped as zlib (PNG zTXt) or stored in a zip whose header may declare any size.
import { concat, latin1 } from './card-files.ts';

const RUN = 258;

/** Raw deflate of at least `size` zero bytes (1 + 258·k): about size / 160 bytes. */
export function deflateZeros(size: number): { deflated: Uint8Array; size: number } {
  const runs = Math.ceil((size - 1) / RUN);
  const out = new Uint8Array(Math.ceil((3 + 8 + runs * 13 + 7) / 8) + 1);
  let bit = 0;
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  put(1, 1); // BFINAL
  put(1, 2); // BTYPE 01: fixed Huffman codes
  code(0x30, 8); // literal 0
  for (let r = 0; r < runs; r++) {
    code(0xc5, 8); // length symbol 285: 258 bytes
    code(0, 5); // distance code 0: 1 byte back
  }
  code(0, 7); // end of block
  return { deflated: out.subarray(0, Math.ceil(bit / 8)), size: 1 + runs * RUN };
}

/** zlib around deflateZeros (its Adler-32 is right: a = 1, b = size mod 65521). */
export function zlibZeros(size: number): Uint8Array {
  const { deflated, size: actual } = deflateZeros(size);
  const b = actual % 65521;
  return concat(Uint8Array.of(0x78, 0x01), deflated, Uint8Array.of(b >>> 8, b & 0xff, 0, 1));
}

export interface ZipFile {
  name: string;
  data: Uint8Array;
  /** 8 for deflated data, 0 for stored. */
  method: 0 | 8;
  /** What the headers say it inflates to. */
  declaredSize: number;
}

const u16 = (n: number) => Uint8Array.of(n & 0xff, n >>> 8);
const u32 = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);

/** A zip of the files as given: local headers, central directory, end record (CRCs left 0). */
export function zipOf(files: readonly ZipFile[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = latin1(f.name);
    const common = concat(
      u16(20),
      u16(0),
      u16(f.method),
      u32(0),
      u32(0),
      u32(f.data.length),
      u32(f.declaredSize),
    );
    const local = concat(u32(0x04034b50), common, u16(name.length), u16(0), name, f.data);
    centrals.push(
      concat(
        u32(0x02014b50),
        u16(20),
        common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = concat(...centrals);
  const end = concat(
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(files.length),
    u16(files.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  );
  return concat(...locals, directory, end);
}
