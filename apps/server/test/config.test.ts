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
