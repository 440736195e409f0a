import { describe, expect, it } from 'vitest';
import { consolidatedUrl } from './consolidated.ts';

describe('consolidatedUrl', () => {
  it('omits the filter for all data and an empty search', () => {
    expect(consolidatedUrl(3, { sort: 'filename', search: '', page: 1 })).toBe(
      '/api/forms/3/consolidated-data?page=1&limit=20&sort=filename',
    );
    expect(consolidatedUrl(3, { filter: 'not-exported', sort: 'completion', search: 'page 1', page: 2 })).toBe(
      '/api/forms/3/consolidated-data?page=2&limit=20&sort=completion&filter=not-exported&search=page+1',
    );
  });
});
