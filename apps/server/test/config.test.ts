import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('PUBLIC_URL', () => {
  it('defaults to this server on BASE_DOMAIN', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ BASE_DOMAIN: 'plots.example.com', PORT: '80' }).PUBLIC_URL).toBe('http://plots.example.com');
  });

  it('keeps scheme, host and port only', () => {
    expect(loadConfig({ BASE_DOMAIN: 'plots.example.com', PUBLIC_URL: 'https://plots.example.com/' }).PUBLIC_URL).toBe(
      'https://plots.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it.each([
    ['ftp://localhost', 'PUBLIC_URL: must be an http(s) address such as http://localhost:8080'],
    ['localhost:8080', 'PUBLIC_URL: must be an http(s) address such as http://localhost:8080'],
    ['http://localhost:8080/app', 'PUBLIC_URL: must be just scheme, host and port'],
    ['http://localhost:8080/?x=1', 'PUBLIC_URL: must be just scheme, host and port'],
    ['http://user:pw@localhost:8080', 'PUBLIC_URL: must be just scheme, host and port'],
    ['https://evil.example', 'PUBLIC_URL: must be on BASE_DOMAIN'],
  ])('refuses %s', (value, message) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(message);
  });
});

describe('CLUSTERS', () => {
  const DATABASE_URL = 'postgres://plotbook@db-a:5432/plotbook';

  it('names the clusters beside main, in order', () => {
    const config = loadConfig({
      DATABASE_URL,
      CLUSTERS: 'b=postgres://plotbook@db-b/plotbook, c-2=postgresql://db-c/x',
    });
    expect(config.CLUSTERS).toEqual([
      { name: 'b', url: 'postgres://plotbook@db-b/plotbook' },
      { name: 'c-2', url: 'postgresql://db-c/x' },
    ]);
    expect(loadConfig({ DATABASE_URL }).CLUSTERS).toBeUndefined();
  });

  it.each([
    ['main=postgres://db-b/x', 'CLUSTERS: "main=postgres://db-b/x": main is the cluster of DATABASE_URL'],
    ['postgres://db-b/x', 'CLUSTERS: "postgres://db-b/x": each cluster is name=postgres://…, separated by commas'],
    ['B=postgres://db-b/x', 'CLUSTERS: "B=postgres://db-b/x": a cluster name is lowercase letters'],
    ['b=http://db-b/x', 'CLUSTERS: "b=http://db-b/x": the address must be a postgres:// URL'],
    ['b=postgres://db-b/x,b=postgres://db-c/x', 'CLUSTERS: "b=postgres://db-c/x": the cluster b is named twice'],
  ])('refuses %s', (value, message) => {
    expect(() => loadConfig({ DATABASE_URL, CLUSTERS: value })).toThrow(message);
  });

  it('refuses clusters on the embedded database', () => {
    expect(() => loadConfig({ CLUSTERS: 'b=postgres://db-b/x' })).toThrow(
      'CLUSTERS: needs DATABASE_URL: the embedded database is a single cluster (main)',
    );
  });
});

describe('REPLICAS', () => {
  const DATABASE_URL = 'postgres://plotbook@db-a:5432/plotbook';
  const CLUSTERS = 'b=postgres://db-b/plotbook';

  it('is off by default; names a replica for main and for a cluster of CLUSTERS, with the bound and window', () => {
    const off = loadConfig({ DATABASE_URL });
    expect(off.REPLICAS).toBeUndefined();
    expect([off.REPLICA_MAX_LAG_MS, off.READ_YOUR_WRITES_MS]).toEqual([5000, 10_000]);
    const config = loadConfig({
      DATABASE_URL,
      CLUSTERS,
      REPLICAS: 'main=postgres://db-a2/plotbook, b=postgresql://db-b2/plotbook',
      REPLICA_MAX_LAG_MS: '2000',
      READ_YOUR_WRITES_MS: '3000',
    });
    expect(config.REPLICAS).toEqual([
      { name: 'main', url: 'postgres://db-a2/plotbook' },
      { name: 'b', url: 'postgresql://db-b2/plotbook' },
    ]);
    expect([config.REPLICA_MAX_LAG_MS, config.READ_YOUR_WRITES_MS]).toEqual([2000, 3000]);
  });

  it.each([
    ['postgres://db-a2/x', 'REPLICAS: "postgres://db-a2/x": each replica is cluster=postgres://…, separated by commas'],
    ['main=http://db-a2/x', 'REPLICAS: "main=http://db-a2/x": the address must be a postgres:// URL'],
    ['main=postgres://x/y,main=postgres://z/y', 'REPLICAS: "main=postgres://z/y": the cluster main has two replicas'],
    ['c=postgres://db-c2/x', 'REPLICAS: names cluster c, which is not a cluster (the clusters are: main, b)'],
  ])('refuses %s', (value, message) => {
    expect(() => loadConfig({ DATABASE_URL, CLUSTERS, REPLICAS: value })).toThrow(message);
  });

  it('refuses a replica of the embedded database, and a read-your-writes window shorter than the bound', () => {
    expect(() => loadConfig({ REPLICAS: 'main=postgres://db-a2/x' })).toThrow(
      'REPLICAS: needs DATABASE_URL: the embedded database has no replica',
    );
    expect(() => loadConfig({ DATABASE_URL, REPLICA_MAX_LAG_MS: '8000', READ_YOUR_WRITES_MS: '5000' })).toThrow(
      'READ_YOUR_WRITES_MS: must be at least REPLICA_MAX_LAG_MS',
    );
  });
});
