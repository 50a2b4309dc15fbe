/** Browser geolocation, cached for an hour (docs/product.md §9 geolocation cache). */
const CACHE_KEY = 'amora_geolocation';
const CACHE_MS = 60 * 60 * 1000;

/** The current position (cached up to an hour), or null when unavailable or refused. */
export async function currentPosition(): Promise<{ lat: number; lon: number } | null> {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as {
      lat: number;
      lon: number;
      at: number;
    } | null;
    if (cached && Date.now() - cached.at < CACHE_MS) return { lat: cached.lat, lon: cached.lon };
  } catch {
    // a broken cache entry is simply replaced
  }
  if (!('geolocation' in navigator)) return null;
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const value = { lat: position.coords.latitude, lon: position.coords.longitude };
        localStorage.setItem(CACHE_KEY, JSON.stringify({ ...value, at: Date.now() }));
        resolve(value);
      },
      () => resolve(null),
      { timeout: 10_000, maximumAge: CACHE_MS },
    );
  });
}
