import { describe, expect, it } from 'vitest';
import { matchFinderTarget, signupContinuePath, signupMatchFilters } from './signup-journey';

const params = (query: string) => new URLSearchParams(query);

describe('signup journey from landers and the match finder', () => {
  it('sends complete match-finder answers into signup (visitor) or to the matches (member)', () => {
    const answers = params('gender=male&seeking=female&age=26-35');
    expect(matchFinderTarget(answers, true, null)).toBe('/signup-matches?gender=female&min_age=26&max_age=35');
    expect(matchFinderTarget(answers, false, { network: 'mf' })).toBe(
      '/signup?seeking=female&next=%2Fsignup-matches%3Fgender%3Dfemale%26min_age%3D26%26max_age%3D35&network=mf',
    );
    expect(matchFinderTarget(params('gender=male&seeking=female'), false, null)).toBeNull();
    expect(matchFinderTarget(params('gender=male&seeking=robot&age=26-35'), false, null)).toBeNull();
  });
  it('continues the wizard to next, else to the members sought, else to the members area', () => {
    expect(signupContinuePath(params('next=/members/2/chat&seeking=female'))).toBe('/members/2/chat');
    expect(signupContinuePath(params('seeking=male'))).toBe('/signup-matches?gender=male');
    expect(signupContinuePath(params('seeking=any'))).toBe('/members');
    expect(signupContinuePath(params('next=https://evil.example'))).toBe('/members');
  });
  it('keeps valid match filters and drops the rest', () => {
    expect(signupMatchFilters(params('gender=female&min_age=26&max_age=35'))).toEqual({
      filters: { gender: 'female', min_age: 26, max_age: 35 },
      searchHref: '/members?gender=female&min_age=26&max_age=35',
    });
    expect(signupMatchFilters(params('gender=robot'))).toEqual({ filters: {}, searchHref: '/members' });
  });
});
