import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { fail, ok, type Result } from '~/shared/errors';

/** Multipart overhead allowed on top of the file itself (boundaries, part headers), in bytes. */
const MULTIPART_SLACK = 64 * 1024;

type FileError = 'unsupported_media_type' | 'payload_too_large' | 'validation_failed';

/**
 * The bytes of the one file in multipart field `field`, parsed as the body streams in
 * (@fastify/busboy): the file's chunks are joined once, so a photo upload costs one copy of
 * its bytes rather than the four of buffering the body and decoding it as `FormData`, and
 * nothing beyond `maxBytes` (+ multipart overhead) is read. Other fields are ignored.
 * Failures carry the upload message keys (docs/product.md §7 profile image): not multipart
 * (415 `upload.not_multipart`), too large (413 `upload.too_large`), a body that is not valid
 * multipart or holds no file (422 `upload.no_file`), more than one file (422 `upload.one_file`).
 */
export async function readSingleFile(
  request: Request,
  field: string,
  maxBytes: number,
): Promise<Result<Uint8Array, FileError>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) return fail('unsupported_media_type', 'upload.not_multipart');
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes + MULTIPART_SLACK) {
    return fail('payload_too_large', 'upload.too_large');
  }
  const noFile = fail('validation_failed', undefined, [{ path: field, message: 'upload.no_file' }]);
  if (!request.body) return noFile;
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({ headers: { 'content-type': type }, limits: { fileSize: maxBytes, files: 2, fields: 20 } });
  } catch {
    // No boundary, or a content type busboy cannot read.
    return noFile;
  }
  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  return new Promise((resolve) => {
    const files: Buffer[] = [];
    let tooLarge = false;
    let received = 0;
    let settled = false;
    const finish = (result: Result<Uint8Array, FileError>) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.destroy();
      resolve(result);
    };
    body.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes + MULTIPART_SLACK) finish(fail('payload_too_large', 'upload.too_large'));
    });
    body.on('error', () => finish(noFile));
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => {
        if (name === field) files.push(Buffer.concat(chunks));
      });
    });
    parser.on('error', () => finish(noFile));
    parser.on('finish', () => {
      if (tooLarge) return finish(fail('payload_too_large', 'upload.too_large'));
      if (files.length === 0) return finish(noFile);
      if (files.length > 1) {
        return finish(fail('validation_failed', undefined, [{ path: field, message: 'upload.one_file' }]));
      }
      finish(ok(new Uint8Array(files[0]!.buffer, files[0]!.byteOffset, files[0]!.byteLength)));
    });
    body.pipe(parser);
  });
}
