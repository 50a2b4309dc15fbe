import { describe, expect, it } from 'vitest';
import { readSingleFile } from './multipart';

const MAX = 1000;

/** A multipart request built by fetch's own encoder; `chunked` drops the content length. */
async function multipartRequest(parts: [string, string | Blob, string?][], chunked = false): Promise<Request> {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const type = encoded.headers.get('content-type')!;
  const body = chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.byteLength; i += 100) controller.enqueue(bytes.slice(i, i + 100));
          controller.close();
        },
      })
    : bytes;
  return new Request('http://localhost/upload', {
    method: 'POST',
    headers: chunked ? { 'content-type': type } : { 'content-type': type, 'content-length': String(bytes.byteLength) },
    body,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body.
    duplex: 'half',
  });
}

const file = (size: number, fill = 7) => new Blob([new Uint8Array(size).fill(fill)], { type: 'image/png' });

describe('readSingleFile', () => {
  it('returns the one file of the field, byte for byte, ignoring other fields', async () => {
    const bytes = new Uint8Array(MAX).map((_, i) => i % 251);
    const result = await readSingleFile(
      await multipartRequest([
        ['note', 'hello'],
        ['file', new Blob([bytes]), 'a.png'],
      ]),
      'file',
      MAX,
    );
    expect(result.ok && Buffer.from(result.value).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads a streamed body without a content length', async () => {
    const result = await readSingleFile(await multipartRequest([['file', file(900), 'a.png']], true), 'file', MAX);
    expect(result.ok && result.value.byteLength).toBe(900);
  });

  it('refuses a file one byte over the limit, also when the length is not declared', async () => {
    for (const chunked of [false, true]) {
      const result = await readSingleFile(
        await multipartRequest([['file', file(MAX + 1), 'a.png']], chunked),
        'file',
        MAX,
      );
      expect(result).toMatchObject({ ok: false, code: 'payload_too_large', message: 'upload.too_large' });
    }
  });

  it('refuses a streamed body far over the limit', async () => {
    const request = await multipartRequest([['file', file(200_000), 'a.png']], true);
    const result = await readSingleFile(request, 'file', MAX);
    expect(result).toMatchObject({ ok: false, code: 'payload_too_large' });
  });

  it('wants exactly one file in the field', async () => {
    const none = await readSingleFile(await multipartRequest([['note', 'hello']]), 'file', MAX);
    expect(none).toMatchObject({ ok: false, code: 'validation_failed', issues: [{ message: 'upload.no_file' }] });
    const other = await readSingleFile(await multipartRequest([['photo', file(10), 'a.png']]), 'file', MAX);
    expect(other).toMatchObject({ ok: false, issues: [{ message: 'upload.no_file' }] });
    const two = await readSingleFile(
      await multipartRequest([
        ['file', file(10), 'a.png'],
        ['file', file(10), 'b.png'],
      ]),
      'file',
      MAX,
    );
    expect(two).toMatchObject({ ok: false, code: 'validation_failed', issues: [{ message: 'upload.one_file' }] });
  });

  it('answers a clear error for bodies that are not multipart', async () => {
    const json = new Request('http://localhost/upload', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await readSingleFile(json, 'file', MAX)).toMatchObject({
      code: 'unsupported_media_type',
      message: 'upload.not_multipart',
    });
    const noBoundary = new Request('http://localhost/upload', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(await readSingleFile(noBoundary, 'file', MAX)).toMatchObject({ code: 'validation_failed' });
    const garbage = new Request('http://localhost/upload', {
      method: 'POST',
      body: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(await readSingleFile(garbage, 'file', MAX)).toMatchObject({ code: 'validation_failed' });
  });
});
