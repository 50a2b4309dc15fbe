import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

/** Raised when a host name resolves to an address outbound requests may not reach. */
export class AddressNotAllowedError extends Error {
  readonly code = 'ERR_ADDRESS_NOT_ALLOWED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, which outbound requests may not reach`);
    this.name = 'AddressNotAllowedError';
  }
}

/**
 * A `lookup` for `net`/`tls`/`https` connections (e.g. `new https.Agent({ lookup })`) that resolves
 * with `base` (the system resolver by default) and fails the connection with `AddressNotAllowedError`
 * unless every resolved address passes `isAllowed`. Checking here, at connect time, closes the
 * DNS-rebinding gap: a name checked earlier may resolve elsewhere when the connection is made.
 * Handles both the single-address and the `all: true` (Happy Eyeballs) forms.
 * Note that Node skips `lookup` for IP literals: callers must check those themselves.
 */
export function createGuardedLookup(
  isAllowed: (address: string) => boolean,
  base: LookupFunction = dns.lookup as LookupFunction,
): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((entry) => entry.address);
      const refused = addresses.find((candidate) => !isAllowed(candidate));
      if (refused !== undefined || addresses.length === 0) {
        const refusal = new AddressNotAllowedError(hostname, refused ?? 'no address');
        return callback(refusal as NodeJS.ErrnoException, address, family);
      }
      callback(null, address, family);
    });
  };
}
