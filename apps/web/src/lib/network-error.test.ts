import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isNetworkFailure, loadFailureText } from './network-error';

describe('network failures', () => {
  it('knows a request that got no answer, and a screen chunk no browser could fetch', () => {
    expect(isNetworkFailure(new ApiError(0, 'Could not reach the server.'))).toBe(true);
    expect(
      isNetworkFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/sale-1a2b.js')),
    ).toBe(true);
    expect(isNetworkFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isNetworkFailure(new Error('Unable to preload CSS for /assets/sale.css'))).toBe(true);
  });

  it('leaves answers of the server and faults of the screen as they are', () => {
    expect(isNetworkFailure(new ApiError(500, 'Something went wrong.'))).toBe(false);
    expect(isNetworkFailure(new ApiError(503, 'The server is busy.'))).toBe(false);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isNetworkFailure('offline')).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });

  it('words a field’s failure by its cause', () => {
    expect(loadFailureText(new ApiError(0, 'x'), 'The plots could not be loaded.')).toBe('Could not reach the server.');
    expect(loadFailureText(new ApiError(500, 'x'), 'The plots could not be loaded.')).toBe(
      'The plots could not be loaded.',
    );
  });
});
