import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { metricsAccess } from './metrics-access';
import { routeNameOf } from './route-name';

const TOKEN = 'a-long-enough-token-123';

describe('METRICS_TOKEN and METRICS_ALLOWED_IPS (docs/architecture.md §5 Metrics)', () => {
  it('are off unless set, and refused when malformed', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, allowedIps: null });
    const set = loadConfig({ METRICS_TOKEN: TOKEN, METRICS_ALLOWED_IPS: '127.0.0.1, 10.0.0.0/8' }).metrics;
    expect(set.token).toBe(TOKEN);
    expect(set.allowedIps).toHaveLength(2);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, long' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ALLOWED_IPS: '10.0.0.0/8,example.com' })).toThrow(/METRICS_ALLOWED_IPS/);
  });

  it('let a scraper in by token or by address', () => {
    const both = loadConfig({ METRICS_TOKEN: TOKEN, METRICS_ALLOWED_IPS: '10.0.0.0/8' }).metrics;
    expect(metricsAccess(both, { clientAddress: '10.1.2.3', authorization: null })).toBe('allowed');
    expect(metricsAccess(both, { clientAddress: '192.0.2.1', authorization: `Bearer ${TOKEN}` })).toBe('allowed');
    expect(metricsAccess(both, { clientAddress: '192.0.2.1', authorization: `bearer  ${TOKEN}` })).toBe('allowed');
    expect(metricsAccess(both, { clientAddress: '192.0.2.1', authorization: `Bearer ${TOKEN}x` })).toBe('unauthorized');
    expect(metricsAccess(both, { clientAddress: '192.0.2.1', authorization: `Basic ${TOKEN}` })).toBe('unauthorized');
    expect(metricsAccess(both, { clientAddress: 'unknown', authorization: null })).toBe('unauthorized');
    const listOnly = { token: null, allowedIps: both.allowedIps };
    expect(metricsAccess(listOnly, { clientAddress: '192.0.2.1', authorization: `Bearer ${TOKEN}` })).toBe('forbidden');
    expect(metricsAccess({ token: null, allowedIps: null }, { clientAddress: '10.1.2.3', authorization: null })).toBe(
      'not_configured',
    );
  });
});

describe('route names', () => {
  it('are route patterns, with every lander under one name', () => {
    expect(routeNameOf('/members/[memberId]')).toBe('/members/[memberId]');
    expect(routeNameOf('/api/chat.php')).toBe('/api/chat.php');
    expect(routeNameOf('/landers/[design]/[slug]')).toBe('lander');
    expect(routeNameOf('/landers/[design]')).toBe('lander');
    expect(routeNameOf('')).toBe('/');
  });
});
