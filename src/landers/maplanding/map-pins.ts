/**
 * Where the maplanding design's member pins stand: every market city gets a
 * dot on its centre (never a member's own position); the largest cities whose
 * marker and label fit without overlapping (judged on a 350 px wide phone map)
 * get a member's photo and an "online" label (right of the marker, else left).
 * Runs at build time only.
 */
import type { Market } from '~/shared/landers/market-schema';
import type { CountryMap } from './country-map';

export interface MapCity {
  name: string;
  /** Position on the map in percent of its width and height. */
  left: number;
  top: number;
  /** The pin's label ("Berlin: members online"). */
  label: string;
  /** Whether the city gets a photo marker (else only a dot). */
  marker: boolean;
  /** Whether the marker's label sits left of it (no room on the right). */
  flip: boolean;
}

const PHONE_WIDTH = 350;

/** The cities of a market on its map with their pins' labels. */
export function mapCities(market: Market, map: CountryMap, label: (city: string) => string, maxMarkers = 6): MapCity[] {
  const scale = PHONE_WIDTH / map.width;
  const boxes: [number, number, number, number][] = [];
  return market.cities.map((city) => {
    const [x, y] = map.project(city.lat, city.lon);
    const px = x * scale;
    const py = y * scale;
    const text = label(city.name);
    const labelWidth = text.length * 6.6 + 18;
    const right: [number, number, number, number] = [px - 22, py - 56, px + 22 + labelWidth, py];
    const left: [number, number, number, number] = [px - 22 - labelWidth, py - 56, px + 22, py];
    const fits = (box: [number, number, number, number]) =>
      box[0] >= -8 &&
      box[2] <= PHONE_WIDTH + 8 &&
      !boxes.some((b) => box[0] < b[2] + 4 && box[2] + 4 > b[0] && box[1] < b[3] + 4 && box[3] + 4 > b[1]);
    const side = boxes.length >= maxMarkers ? undefined : [right, left].find(fits);
    if (side) boxes.push(side);
    return {
      name: city.name,
      label: text,
      left: (x / map.width) * 100,
      top: (y / map.height) * 100,
      marker: side !== undefined,
      flip: side === left,
    };
  });
}
