import { geocodeContract } from '~/shared/contracts/geocode';
import { fail, ok } from '~/shared/errors';
import { reverseGeocode } from '../../geo';
import { defineOperation } from '../api';

/** `GET /api/geocode.php?lat=&lon=` (docs/product.md §7): the nearest known place; 404 when none is near. */
export const geocodeEndpoint = [
  defineOperation(geocodeContract, async ({ query }) => {
    const place = reverseGeocode(query.lat, query.lon);
    return place ? ok(place) : fail('not_found');
  }),
];
