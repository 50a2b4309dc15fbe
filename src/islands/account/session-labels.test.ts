import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dateTimeLabel, deviceLabel, placeLabel } from './session-labels';

const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key) as unknown as TFunction;

describe('session labels (docs/product.md §10 Sessions)', () => {
  it('names the device by browser and system, or what is known', () => {
    expect(deviceLabel({ browser: 'Chrome', os: 'Android' }, t)).toBe('sessions.device(Chrome,Android)');
    expect(deviceLabel({ browser: 'Safari', os: null }, t)).toBe('Safari');
    expect(deviceLabel({ browser: null, os: 'iOS' }, t)).toBe('iOS');
    expect(deviceLabel({ browser: null, os: null }, t)).toBe('sessions.unknown_device');
  });

  it('names the country in the page language, or an unknown place', () => {
    expect(placeLabel('NL', 'en', t)).toBe('Netherlands');
    expect(placeLabel('NL', 'de', t)).toBe('Niederlande');
    expect(placeLabel(null, 'en', t)).toBe('sessions.unknown_place');
    expect(placeLabel('??', 'en', t)).toBe('??');
  });

  it('formats date and time in the locale', () => {
    const iso = '2026-11-21T12:00:00.000Z';
    expect(dateTimeLabel(iso, 'en')).toContain('2026');
    expect(dateTimeLabel(iso, 'de')).not.toBe(dateTimeLabel(iso, 'en'));
  });
});
