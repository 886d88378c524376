// subset-font ships no types: the one call the server makes.
declare module 'subset-font' {
  export default function subsetFont(font: Buffer | Uint8Array, text: string, options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[] }): Promise<Buffer>;
}
