import { crc32, deflateSync } from "node:zlib";

// The images Wallet requires of a generic pass (icon for notifications and the lock screen, logo at the
// top of the pass): a white ring, drawn and encoded here once per process instead of binary files
// kept beside the code. Replace them with the insurer's artwork by changing passImages().

/** The pass's background colour, shared by pass.json and the icon. */
export const PASS_BACKGROUND = { red: 31, green: 58, blue: 95 };

type Rgb = typeof PASS_BACKGROUND;

let images: Record<string, Uint8Array> | undefined;

/** The image files of every pass, by their names in the pass. */
export function passImages(): Record<string, Uint8Array> {
  images ??= {
    "icon.png": encodePng(29, drawRing(29, PASS_BACKGROUND)),
    "icon@2x.png": encodePng(58, drawRing(58, PASS_BACKGROUND)),
    "logo.png": encodePng(50, drawRing(50, null)),
  };
  return images;
}

/** RGBA pixels of a size x size square: a white ring, on `background` or on transparency. */
function drawRing(size: number, background: Rgb | null): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const centre = size / 2;
  const radius = size * 0.32;
  const halfWidth = size * 0.07;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      // The share of the pixel inside the ring, so that its edge is smooth at 29 pixels.
      const ink = Math.min(1, Math.max(0, halfWidth + 0.5 - Math.abs(distance - radius)));
      const offset = (y * size + x) * 4;
      if (background) {
        pixels[offset] = Math.round(background.red + (255 - background.red) * ink);
        pixels[offset + 1] = Math.round(background.green + (255 - background.green) * ink);
        pixels[offset + 2] = Math.round(background.blue + (255 - background.blue) * ink);
        pixels[offset + 3] = 255;
      } else {
        pixels.fill(255, offset, offset + 3);
        pixels[offset + 3] = Math.round(255 * ink);
      }
    }
  }
  return pixels;
}

/** A square 8-bit RGBA PNG: signature, IHDR, one IDAT of unfiltered rows, IEND. */
function encodePng(size: number, rgba: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, no filter method, no interlace
  const rowLength = size * 4;
  const rows = Buffer.alloc(size * (rowLength + 1));
  for (let y = 0; y < size; y++) {
    // Each row starts with its filter type, 0 (none).
    rows.set(rgba.subarray(y * rowLength, (y + 1) * rowLength), y * (rowLength + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}
