/**
 * G.711 expansion to 16-bit linear PCM, as tables built once from the ITU-T G.711 segment rules (the same values
 * as the reference `alaw2linear`/`ulaw2linear` of Sun's g711.c).
 */
export const ALAW_TO_LINEAR: Int16Array = buildTable((byte) => {
  const a = byte ^ 0x55; // even bits are inverted on the wire
  const segment = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  let magnitude = (mantissa << 4) + 8;
  if (segment > 0) magnitude = (magnitude + 0x100) << (segment - 1);
  return a & 0x80 ? magnitude : -magnitude;
});

export const ULAW_TO_LINEAR: Int16Array = buildTable((byte) => {
  const u = ~byte & 0xff; // all bits are inverted on the wire
  const segment = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << segment) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
});

function buildTable(expand: (byte: number) => number): Int16Array {
  return Int16Array.from({ length: 256 }, (_, byte) => expand(byte));
}
