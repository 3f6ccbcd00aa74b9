import { describe, expect, it } from 'vitest';
import { isPublicApiPath, parseBody } from './api-rules';

describe('isPublicApiPath', () => {
  it('sends no token to the public sign-in, site and demo-request routes', () => {
    for (const path of ['/login', '/master/login', '/resetPwd', '/forgot-password', '/site', '/demo-requests']) {
      expect(isPublicApiPath(path), path).toBe(true);
    }
  });

  it('matches a public route with a path parameter, and a query after the path', () => {
    expect(isPublicApiPath('/admin/tenants/acme/register')).toBe(true);
    expect(isPublicApiPath('/forgot-password?email=a%40b.in')).toBe(true);
  });

  it('sends the token to every other route, even one whose path contains a public path', () => {
    for (const path of [
      '/admin/demo-request',
      '/admin/demo-request/4/status',
      '/admin/demo-requests',
      '/demo-requests/4',
      '/project/demo-requests',
      '/admin/tenants/acme/users',
      '/admin/tenants/acme/register/extra',
      '/me',
      '/project',
    ]) {
      expect(isPublicApiPath(path), path).toBe(false);
    }
  });
});

describe('parseBody', () => {
  it('keeps an object whose only key holds an array as that object', () => {
    expect(parseBody('{"rows":[{"id":1}]}')).toEqual({ rows: [{ id: 1 }] });
    expect(parseBody('{"ids":[3,4]}')).toEqual({ ids: [3, 4] });
  });

  it('reads arrays, other text and an empty body', () => {
    expect(parseBody('[1,2]')).toEqual([1, 2]);
    expect(parseBody('Bad gateway')).toBe('Bad gateway');
    expect(parseBody('')).toBeUndefined();
  });
});
