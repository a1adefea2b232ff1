/**
 * The `qrcode` package's encoder alone (docs/decisions/0049-certificate-verification.md): its
 * main entry also loads the PNG and terminal renderers (Node's zlib and fs), which a Worker has
 * not; the encoder is plain JavaScript. The types are @types/qrcode's.
 */
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';
  export function create(text: string, options?: QRCodeOptions): QRCode;
}
