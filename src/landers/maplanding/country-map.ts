/**
 * Build-time geometry of the maplanding design: the outline of a market's
 * country (world-atlas, Natural Earth 1:50m) as one compact SVG path, and
 * where its cities fall on it. Far-away parts (Alaska, Hawaii, overseas France,
 * the Canaries, the Caribbean Netherlands) are dropped so the mainland fills
 * the map; coordinates are rounded to whole units and written as relative moves.
 * Runs only while pages are pre-rendered; nothing of it reaches the browser.
 */
import { geoBounds, geoConicEqualArea, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-50m.json';

/** ISO 3166 numeric ids (world-atlas) and the box [west, south, east, north] whose polygons are kept. */
const COUNTRIES: Record<string, { id: string; box: [number, number, number, number] }> = {
  US: { id: '840', box: [-126, 24, -66, 50] },
  NL: { id: '528', box: [3, 50.5, 7.5, 54] },
  DE: { id: '276', box: [5, 47, 16, 55.5] },
  IT: { id: '380', box: [6, 35, 19, 48] },
  FR: { id: '250', box: [-6, 41, 10, 52] },
  ES: { id: '724', box: [-10, 35.5, 5, 44] },
  PL: { id: '616', box: [14, 49, 24.5, 55] },
};

export interface CountryMap {
  /** The viewBox width and height. */
  width: number;
  height: number;
  /** The outline as SVG path data. */
  path: string;
  /** Projects a point (degrees) to map units. */
  project(lat: number, lon: number): [number, number];
}

const cache = new Map<string, CountryMap>();

/** Keeps the polygons of a country whose first point lies inside its box. */
function mainland(geometry: Polygon | MultiPolygon, box: [number, number, number, number]): MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const inside = ([lon, lat]: Position) => lon! >= box[0] && lon! <= box[2] && lat! >= box[1] && lat! <= box[3];
  return { type: 'MultiPolygon', coordinates: polygons.filter((polygon) => polygon[0]!.every(inside)) };
}

/** A d3-geo path context writing integer, relative, duplicate-free path data. */
function compactContext() {
  let out = '';
  let x = 0;
  let y = 0;
  let ring: string[] = [];
  let area = 0;
  let startX = 0;
  let startY = 0;
  const flush = () => {
    // Drops rings that would be specks at this size (tiny islands, lakes, estuary slivers).
    if (ring.length > 3 && Math.abs(area + (x * startY - startX * y)) / 2 >= 8) out += ring.join('') + 'z';
    ring = [];
    area = 0;
  };
  return {
    moveTo(px: number, py: number) {
      flush();
      x = Math.round(px);
      y = Math.round(py);
      startX = x;
      startY = y;
      ring.push(`M${x} ${y}`);
    },
    lineTo(px: number, py: number) {
      const nx = Math.round(px);
      const ny = Math.round(py);
      if (nx === x && ny === y) return;
      const dx = nx - x;
      const dy = ny - y;
      area += x * ny - nx * y;
      ring.push(ring.length === 1 ? `l${dx}` : dx < 0 ? `${dx}` : ` ${dx}`, dy < 0 ? `${dy}` : ` ${dy}`);
      x = nx;
      y = ny;
    },
    closePath() {},
    arc() {},
    result: () => (flush(), out),
  };
}

/** The map of a market's country (ISO alpha-2), `width` units wide; memoised. */
export function countryMap(country: string, width = 600): CountryMap {
  const key = `${country}:${width}`;
  const known = cache.get(key);
  if (known) return known;
  const spec = COUNTRIES[country];
  if (!spec) throw new Error(`maplanding: no outline for country ${country}`);
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries) as unknown as {
    features: Feature<Polygon | MultiPolygon>[];
  };
  const found = countries.features.find((f) => String(f.id) === spec.id);
  if (!found) throw new Error(`maplanding: country ${country} missing in world-atlas`);
  const shape: Feature<MultiPolygon> = {
    type: 'Feature',
    properties: {},
    geometry: mainland(found.geometry, spec.box),
  };
  const [[west, south], [east, north]] = geoBounds(shape);
  const span = north - south;
  const projection = geoConicEqualArea()
    .rotate([-(west + east) / 2, 0])
    .parallels([south + span / 4, north - span / 4])
    .fitWidth(width, shape);
  const [[, top], [, bottom]] = geoPath(projection).bounds(shape);
  const height = Math.ceil(bottom - top) + 1;
  projection.translate([projection.translate()[0], projection.translate()[1] - Math.floor(top)]);
  const context = compactContext();
  geoPath(projection, context as never)(shape);
  const map: CountryMap = {
    width,
    height,
    path: context.result(),
    project: (lat, lon) => {
      const [px, py] = projection([lon, lat]) ?? [0, 0];
      return [px, py];
    },
  };
  cache.set(key, map);
  return map;
}
