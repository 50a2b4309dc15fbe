import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AddressNotAllowedError, createGuardedLookup } from './guarded-lookup';
import { isPublicUnicastAddress } from './public-address';

/** A resolver that answers every name with `answer`. */
const answering =
  (answer: LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, answer);
    else callback(null, answer[0]!.address, answer[0]!.family);
  };

function lookUp(lookup: LookupFunction, all: boolean) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
    lookup('push.example', { all }, (error, address) => resolve({ error, address })),
  );
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('createGuardedLookup', () => {
  it('passes public answers through in both forms', async () => {
    const lookup = createGuardedLookup(isPublicUnicastAddress, answering([v4('142.250.74.10'), v6('2a00:1450::1')]));
    expect(await lookUp(lookup, false)).toEqual({ error: null, address: '142.250.74.10' });
    expect(await lookUp(lookup, true)).toEqual({
      error: null,
      address: [v4('142.250.74.10'), v6('2a00:1450::1')],
    });
  });

  it('fails the connection when any answer is not allowed', async () => {
    for (const answer of [
      [v4('127.0.0.1')],
      [v6('::ffff:7f00:1')],
      [v4('142.250.74.10'), v4('10.0.0.7')],
      [v6('::')],
    ]) {
      const lookup = createGuardedLookup(isPublicUnicastAddress, answering(answer));
      const { error } = await lookUp(lookup, true);
      expect(error).toBeInstanceOf(AddressNotAllowedError);
      expect(error?.code).toBe('ERR_ADDRESS_NOT_ALLOWED');
    }
    const single = createGuardedLookup(isPublicUnicastAddress, answering([v4('169.254.169.254')]));
    expect((await lookUp(single, false)).error).toBeInstanceOf(AddressNotAllowedError);
  });

  it('refuses an empty answer and passes resolver errors on', async () => {
    expect(
      (
        await lookUp(
          createGuardedLookup(() => true, answering([])),
          true,
        )
      ).error,
    ).toBeInstanceOf(AddressNotAllowedError);
    const failing: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    expect(
      (
        await lookUp(
          createGuardedLookup(() => true, failing),
          false,
        )
      ).error?.code,
    ).toBe('ENOTFOUND');
  });
});
