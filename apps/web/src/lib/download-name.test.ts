import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api-rules';

describe('fileNameFromDisposition', () => {
  it('reads a quoted file name', () => {
    expect(fileNameFromDisposition('attachment; filename="PlotReport_3.xlsx"')).toBe('PlotReport_3.xlsx');
  });

  it('reads an unquoted file name', () => {
    expect(fileNameFromDisposition('attachment; filename=ProjectReport.xlsx')).toBe('ProjectReport.xlsx');
  });

  it('prefers the RFC 5987 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''Partner%20Report.xlsx`)).toBe(
      'Partner Report.xlsx',
    );
  });

  it('gives null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
