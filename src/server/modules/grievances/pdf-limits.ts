import { createRequire } from "node:module";

/** The most one PDF stream may decode to (an object stream of a real file is a few MB). */
export const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

/**
 * pdf-lib inflates object streams (/ObjStm) whole while it parses a file, into buffers that live
 * outside the JavaScript heap, so the worker's `resourceLimits` do not hold them: a 1 MB
 * attachment of deflated zeros made the server grow by 1.6 GB in 20 s. Every decoding stream of
 * pdf-lib grows its buffer through `DecodeStream.ensureBuffer`; past `maxBytes` it now throws,
 * and the file is 'damaged'. pdf-lib is loaded from its CommonJS build in Node (its package has
 * no `exports` and `main` is cjs/), the instance its parser uses. Call once, in the worker.
 */
export function limitDecodedStreams(maxBytes = MAX_DECODED_STREAM_BYTES): void {
  const require = createRequire(import.meta.url);
  const DecodeStream = require("pdf-lib/cjs/core/streams/DecodeStream.js").default as {
    prototype: { ensureBuffer(requested: number): Uint8Array };
  };
  const ensureBuffer = DecodeStream.prototype.ensureBuffer;
  DecodeStream.prototype.ensureBuffer = function (this: unknown, requested: number) {
    if (requested > maxBytes) throw new Error("A stream of this PDF decodes to too many bytes.");
    return ensureBuffer.call(this, requested);
  };
}
