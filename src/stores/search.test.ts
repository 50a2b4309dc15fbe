import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { SearchFilters } from '~/shared/contracts/search';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

let trafficSource: string | null = null;
vi.mock('../client/traffic-source', () => ({ pageTrafficSource: () => trafficSource }));
const { ApiError } = await import('../client/api');
const { SEARCH_PAGE_SIZE } = await import('~/shared/constants');

type SearchStore = typeof import('./search');
/** The store remembers whether its first (automatic) load happened: each test gets a fresh copy. */
let search: SearchStore;

const BASE = 'https://amora.example/search';
const profile = (id: number) => ({ id, name: `P${id}` }) as PublicProfile;
const answer = (ids: number[], { numPages = 3, filters = {} as SearchFilters } = {}) => ({
  profiles: ids.map(profile),
  paging: { num_results: numPages * SEARCH_PAGE_SIZE, page: 1, pp: SEARCH_PAGE_SIZE, num_pages: numPages },
  filter_options: filters,
});
const ids = () => search.$searchResults.get().profiles.map((p) => p.id);
/** The query of the n-th search call (the store's own contract, whichever module copy it is). */
const query = (n: number) => (callApi.mock.calls[n]?.[1] as { query: Record<string, unknown> }).query;
const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });

/** A window with a location and a history that moves it, as the store writes the URL. */
function stubWindow(href: string) {
  const location = { href };
  const move = (_state: unknown, _title: string, url: string | URL) => {
    location.href = String(url);
  };
  const history = { pushState: vi.fn(move), replaceState: vi.fn(move) };
  vi.stubGlobal('window', { location, history });
  return { location, history };
}

describe('search store (docs/product.md §2, §4 search, §7 GET /api/search.php)', () => {
  let win: ReturnType<typeof stubWindow>;
  beforeEach(async () => {
    callApi.mockReset();
    vi.resetModules();
    search = await import('./search');
    win = stubWindow(BASE);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('first load: filters and page from the URL, sent with auto_load and the page size', async () => {
    const url = `${BASE}?gender=female&country=NL&countryregion=NH&min_age=25&max_age=40&page=2&utm=x`;
    win = stubWindow(url);
    callApi.mockResolvedValueOnce(
      answer([13, 14], { filters: { gender: 'female', country: 'NL', countryregion: 'NH', min_age: 25, max_age: 40 } }),
    );
    const loading = search.startSearch(new URL(url));
    expect(search.$searchResults.get()).toMatchObject({ status: 'loading', profiles: [] });
    await loading;
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(callApi.mock.calls[0]![0]).toBe('search');
    expect(query(0)).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: 'NH',
      min_age: 25,
      max_age: 40,
      page: 2,
      pp: SEARCH_PAGE_SIZE,
      source: 'members',
      auto_load: '1',
    });
    expect(callApi.mock.calls[0]![1].signal).toBeInstanceOf(AbortSignal);
    expect(search.$searchResults.get()).toEqual({
      status: 'ready',
      profiles: [profile(13), profile(14)],
      numResults: 36,
      numPages: 3,
      firstPage: 2,
      lastPage: 2,
    });
    // The server applied exactly these filters: the URL stays as it was.
    expect(win.history.replaceState).not.toHaveBeenCalled();
    expect(win.history.pushState).not.toHaveBeenCalled();
  });

  it('reads only known filters and a sane page from a URL', () => {
    expect(search.readSearchUrl(new URL(`${BASE}?min_age=30&page=-4&foo=bar&gender=`))).toEqual({
      filters: { min_age: 30 },
      page: 1,
    });
    expect(search.readSearchUrl(new URL(`${BASE}?page=abc`)).page).toBe(1);
    expect(search.readSearchUrl(new URL(`${BASE}?page=3.7`)).page).toBe(3);
  });

  it('the automatic first load takes the remembered filters the server applied, and puts them in the URL without a history entry', async () => {
    callApi.mockResolvedValueOnce(answer([1], { filters: { gender: 'male', country: 'DE' } }));
    await search.startSearch(new URL(BASE));
    expect(query(0)).toEqual({ page: 1, pp: SEARCH_PAGE_SIZE, source: 'members', auto_load: '1' });
    expect(search.$searchFilters.get()).toEqual({ gender: 'male', country: 'DE' });
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(new URL(win.location.href).search).toBe('?gender=male&country=DE');

    // Later loads are manual: what the server echoes no longer replaces the member's filters.
    callApi.mockResolvedValueOnce(answer([2], { filters: { gender: 'female' } }));
    await search.goToSearchPage(2);
    expect(query(1)).toEqual({
      gender: 'male',
      country: 'DE',
      page: 2,
      pp: SEARCH_PAGE_SIZE,
      source: 'members',
      manual_search: '1',
    });
    expect(search.$searchFilters.get()).toEqual({ gender: 'male', country: 'DE' });
  });

  it('the visitor country the server preselected (no filters, nothing remembered) shows in the filters and the URL; clearing it is a manual search without it', async () => {
    // The server rendered the first page: an automatic load without filters, preset to the country of the address.
    search.primeSearch({ page: 1, response: answer([1, 2], { filters: { country: 'DE' } }) });
    await search.startSearch(new URL(BASE));
    expect(callApi).not.toHaveBeenCalled();
    expect(search.$searchFilters.get()).toEqual({ country: 'DE' });
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(new URL(win.location.href).search).toBe('?country=DE');

    callApi.mockResolvedValueOnce(answer([3]));
    await search.setSearchFilters({ country: '' });
    expect(query(0)).toEqual({ page: 1, pp: SEARCH_PAGE_SIZE, source: 'members', manual_search: '1' });
    expect(search.$searchFilters.get()).toEqual({});
    expect(new URL(win.location.href).search).toBe('');
  });

  it('a filter change drops empty values and a region without country, clears the results, reloads page 1 as a new history entry', async () => {
    callApi.mockResolvedValueOnce(answer([1, 2]));
    await search.startSearch(new URL(`${BASE}?page=3`));
    const reply = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(reply.promise);
    const loading = search.setSearchFilters({
      gender: 'female',
      country: undefined,
      countryregion: 'NH',
      min_age: 20,
      max_age: undefined,
    });
    expect(search.$searchResults.get()).toMatchObject({ status: 'loading', profiles: [] });
    expect(search.$searchPage.get()).toBe(1);
    expect(search.$searchFilters.get()).toEqual({ gender: 'female', min_age: 20 });
    expect(win.history.pushState).toHaveBeenCalledTimes(1);
    expect(new URL(win.location.href).search).toBe('?gender=female&min_age=20');
    expect(query(1)).toEqual({
      gender: 'female',
      min_age: 20,
      page: 1,
      pp: SEARCH_PAGE_SIZE,
      source: 'members',
      manual_search: '1',
    });
    reply.resolve(answer([7]));
    await loading;
    expect(ids()).toEqual([7]);
  });

  it('keeps the region when a country is chosen', async () => {
    callApi.mockResolvedValue(answer([]));
    await search.setSearchFilters({ country: 'NL', countryregion: 'NH' });
    expect(query(0)).toMatchObject({ country: 'NL', countryregion: 'NH' });
  });

  it('infinite scroll appends the next page (without duplicates) and moves the URL page without a history entry', async () => {
    callApi.mockResolvedValueOnce(answer([1, 2, 3], { numPages: 2 }));
    await search.startSearch(new URL(BASE));
    callApi.mockResolvedValueOnce(answer([3, 4, 5], { numPages: 2 }));
    await search.loadNextSearchPage();
    expect(query(1)).toEqual({ page: 2, pp: SEARCH_PAGE_SIZE, source: 'members', manual_search: '1' });
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    expect(search.$searchResults.get()).toMatchObject({ status: 'ready', firstPage: 1, lastPage: 2 });
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(win.history.replaceState).toHaveBeenCalledTimes(1);
    expect(new URL(win.location.href).searchParams.get('page')).toBe('2');

    // The last page is loaded: nothing more to fetch.
    await search.loadNextSearchPage();
    expect(callApi).toHaveBeenCalledTimes(2);
  });

  it('the pager replaces the shown page and records it in the history', async () => {
    callApi.mockResolvedValueOnce(answer([1, 2]));
    await search.startSearch(new URL(BASE));
    callApi.mockResolvedValueOnce(answer([5, 6]));
    await search.goToSearchPage(3);
    expect(query(1)).toMatchObject({ page: 3, manual_search: '1' });
    expect(ids()).toEqual([5, 6]);
    expect(search.$searchResults.get()).toMatchObject({ firstPage: 3, lastPage: 3 });
    expect(win.history.pushState).toHaveBeenCalledTimes(1);
    expect(new URL(win.location.href).searchParams.get('page')).toBe('3');
  });

  it('a failed load shows the error state and keeps the results; retry loads the same page again (appending after a scroll)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    callApi.mockResolvedValueOnce(answer([1, 2]));
    await search.startSearch(new URL(BASE));
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await search.loadNextSearchPage();
    expect(search.$searchResults.get()).toMatchObject({ status: 'error', firstPage: 1, lastPage: 1 });
    expect(ids()).toEqual([1, 2]);

    callApi.mockResolvedValueOnce(answer([3, 4]));
    await search.retrySearch();
    expect(query(2)).toMatchObject({ page: 2 });
    expect(ids()).toEqual([1, 2, 3, 4]);
    expect(search.$searchResults.get()).toMatchObject({ status: 'ready', firstPage: 1, lastPage: 2 });
  });

  it('a failed first load can be retried and is still the automatic one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    callApi.mockRejectedValueOnce(new ApiError(403, 'search_not_allowed', 'errors.search_not_allowed'));
    await search.startSearch(new URL(BASE));
    expect(search.$searchResults.get().status).toBe('error');
    callApi.mockResolvedValueOnce(answer([1]));
    await search.retrySearch();
    expect(query(1)).toMatchObject({ auto_load: '1' });
    expect(ids()).toEqual([1]);
  });

  it('a newer load aborts the one in flight; the aborted one changes nothing', async () => {
    callApi.mockResolvedValueOnce(answer([1]));
    await search.startSearch(new URL(BASE));
    let firstSignal: AbortSignal | undefined;
    callApi.mockImplementationOnce(
      (_contract, { signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          firstSignal = signal;
          signal.addEventListener('abort', () => reject(abortError()));
        }),
    );
    const slow = search.setSearchFilters({ gender: 'female' });
    const reply = Promise.withResolvers<unknown>();
    callApi.mockReturnValueOnce(reply.promise);
    const newer = search.setSearchFilters({ gender: 'male' });
    await slow;
    expect(firstSignal?.aborted).toBe(true);
    // An abort is no failure: the newer load is still showing its progress.
    expect(search.$searchResults.get().status).toBe('loading');
    reply.resolve(answer([9]));
    await newer;
    expect(search.$searchResults.get()).toMatchObject({ status: 'ready' });
    expect(ids()).toEqual([9]);
  });

  it('back/forward restores filters and page from the URL as a manual load, without writing history', async () => {
    callApi.mockResolvedValueOnce(answer([1], { filters: { gender: 'male' } }));
    await search.startSearch(new URL(BASE));
    callApi.mockResolvedValueOnce(answer([4], { filters: { gender: 'male' } }));
    const loading = search.restoreSearchFromUrl(new URL(`${BASE}?country=NL&page=2`));
    expect(search.$searchResults.get()).toMatchObject({ status: 'loading', profiles: [] });
    await loading;
    expect(query(1)).toEqual({ country: 'NL', page: 2, pp: SEARCH_PAGE_SIZE, source: 'members', manual_search: '1' });
    expect(search.$searchFilters.get()).toEqual({ country: 'NL' });
    expect(search.$searchResults.get()).toMatchObject({ firstPage: 2, lastPage: 2 });
    expect(ids()).toEqual([4]);
    expect(win.history.pushState).not.toHaveBeenCalled();
  });
});

describe('what every search call sends besides filters and page (docs/product.md §7 source, trafficsource)', () => {
  beforeEach(async () => {
    trafficSource = null;
    callApi.mockReset();
    vi.resetModules();
    search = await import('./search');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("names its source and sends the page's traffic source, none when it has none", async () => {
    stubWindow(`${BASE}?network=adnet&page=2`);
    trafficSource = 'adnet';
    callApi.mockResolvedValue(answer([1]));
    await search.startSearch(new URL(`${BASE}?network=adnet&page=2`));
    expect(query(0)).toEqual({
      page: 2,
      pp: SEARCH_PAGE_SIZE,
      source: 'members',
      trafficsource: 'adnet',
      auto_load: '1',
    });
    await search.goToSearchPage(3);
    expect(query(1)).toMatchObject({ source: 'members', trafficsource: 'adnet', manual_search: '1' });
    trafficSource = null;
    await search.goToSearchPage(4);
    expect(query(2)).toEqual({ page: 4, pp: SEARCH_PAGE_SIZE, source: 'members', manual_search: '1' });
  });

  it('the similar results name their own source', async () => {
    stubWindow(`${BASE}?trafficsource=adnet`);
    trafficSource = 'adnet';
    const { startSimilar } = await import('./similar');
    callApi.mockResolvedValue(answer([5], { numPages: 1 }));
    await startSimilar({ gender: 'female' });
    expect(query(0)).toEqual({
      gender: 'female',
      similarpage: 1,
      pp: SEARCH_PAGE_SIZE,
      source: 'similar',
      trafficsource: 'adnet',
      manual_search: '1',
      do_not_save: '1',
    });
  });
});

describe('similar results in the URL (docs/product.md §2 similar results)', () => {
  let win: ReturnType<typeof stubWindow>;
  beforeEach(async () => {
    trafficSource = null;
    callApi.mockReset();
    vi.resetModules();
    search = await import('./search');
    win = stubWindow(BASE);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('similar results: "Show more" counts its pages in the URL, and a reload restores that many', async () => {
    const filters = { gender: 'female' } as SearchFilters;
    let similar = await import('./similar');
    callApi.mockResolvedValueOnce(answer([1], { numPages: 4 })).mockResolvedValueOnce(answer([2], { numPages: 4 }));
    await similar.startSimilar(filters);
    expect(win.location.href).toBe(BASE);
    await similar.loadMoreSimilar(filters);
    expect(new URL(win.location.href).searchParams.get('similar')).toBe('2');
    expect(win.history.pushState).not.toHaveBeenCalled();

    // A reload: a fresh store asked for 3 pages loads pages 1 to 3 and shows them all.
    vi.resetModules();
    similar = await import('./similar');
    win = stubWindow(`${BASE}?gender=female&similar=3`);
    callApi.mockReset();
    for (const id of [1, 2, 3]) callApi.mockResolvedValueOnce(answer([id], { numPages: 4 }));
    await similar.startSimilar(filters, 3);
    expect(callApi.mock.calls.map((call) => (call[1] as { query: { similarpage: number } }).query.similarpage)).toEqual(
      [1, 2, 3],
    );
    expect(similar.$similar.get()).toMatchObject({ status: 'ready', page: 3, numPages: 4 });
    expect(similar.$similar.get().profiles.map((p) => p.id)).toEqual([1, 2, 3]);

    // Never beyond the last page: the URL is corrected to what is shown.
    vi.resetModules();
    similar = await import('./similar');
    win = stubWindow(`${BASE}?similar=9`);
    callApi.mockReset();
    callApi.mockResolvedValueOnce(answer([1], { numPages: 2 })).mockResolvedValueOnce(answer([2], { numPages: 2 }));
    await similar.startSimilar(filters, 9);
    expect(callApi).toHaveBeenCalledTimes(2);
    expect(new URL(win.location.href).searchParams.get('similar')).toBe('2');
  });

  it('new filters or another page drop the similar count from the URL', async () => {
    win = stubWindow(`${BASE}?gender=female&similar=3`);
    callApi.mockResolvedValue(answer([1]));
    await search.setSearchFilters({ gender: 'male' });
    expect(new URL(win.location.href).searchParams.get('similar')).toBeNull();
  });
});
